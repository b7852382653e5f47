"""Coverage of the Synthea FHIR bundles by assets/concepts.csv: which condition and medication codes the
concept table links (part (b) of ``python -m index_builder.check_concepts``), and which it skips on purpose.
Python 3 stdlib only, like the validator."""
from __future__ import annotations

import collections
import glob
import gzip
import json
import os
import re


def split_field(value: str) -> list[str]:
    """Multi-valued CSV cells are separated by '|'."""
    return [] if value == "" else value.split("|")

SNOMED_SYSTEM = "http://snomed.info/sct"
RXNORM_SYSTEM = "http://www.nlm.nih.gov/research/umls/rxnorm"
LOINC_SYSTEM = "http://loinc.org"

# Synthea conditions deliberately NOT covered: social/administrative findings and
# "history of" situations (not a current disorder or finding).
SKIPPED_SNOMED = {
    "703151001": "situation: history of single seizure (past event, not a current disorder)",
    "428251008": "situation: history of appendectomy (past procedure)",
    "429007001": "situation: history of cardiac arrest (past event)",
}
SKIPPED_SNOMED_PATTERNS = [
    (re.compile(r"\((situation)\)\s*$", re.I), "situation, not a disorder or finding"),
    (re.compile(r"employment|unemployed|labor force|education|housing|homeless|social contact|"
                r"social isolation|^stress( \(finding\))?$|medication review|criminal record|"
                r"refugee|victim of|transportation|armed forces|reports of violence|"
                r"intimate partner|risk activity", re.I),
     "social/administrative finding"),
]

# Synthea medication products deliberately NOT attached: hormonal contraceptives
# (no contraception concepts in this vocabulary yet) and vaccines.
SKIPPED_RXNORM = {
    "389221": "contraceptive (etonogestrel implant)",
    "748856": "contraceptive (Yaz)",
    "751905": "contraceptive (Trinessa)",
    "749762": "contraceptive (Seasonique)",
    "757594": "contraceptive (Jolivette)",
    "748962": "contraceptive (Camila)",
    "807283": "contraceptive (Mirena IUS)",
    "1605257": "contraceptive (Liletta IUS)",
    "1000126": "contraceptive (medroxyprogesterone 150 mg/mL injection)",
    "1367439": "contraceptive (NuvaRing)",
    "748879": "contraceptive (Levora)",
    "978950": "contraceptive (Natazia)",
    "831533": "contraceptive (Errin)",
    "1534809": "contraceptive (ethinyl estradiol / norelgestromin patch)",
}
SKIPPED_RXNORM_PATTERNS = [
    (re.compile(r"\bvaccine\b|\bday pack\b|intrauterine|vaginal ring|contracept", re.I),
     "contraceptive or vaccine"),
]


# --------------------------------------------------------------------- part (b)
def default_synthea_dir(repo_root: str) -> str:
    base = os.environ.get("MEDAGENT_SHARED_DATA") or os.path.join(repo_root, "..", "shared", "data")
    return os.path.join(base, "synthea_fhir_r4_smart", "R4_SYNTHEA_subset80")


def read_bundles(directory: str):
    """Return {(system, code): [display, set(patient ids)]} per resource type."""
    found = {"Condition": {}, "MedicationRequest": {}, "Observation": {}}
    files = sorted(glob.glob(os.path.join(directory, "*.json.gz")) +
                   glob.glob(os.path.join(directory, "*.json")))
    for path in files:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as fh:
            bundle = json.load(fh)
        entries = bundle.get("entry", [])
        patient = os.path.basename(path)
        medications = {}
        for e in entries:
            res = e.get("resource", {})
            if res.get("resourceType") == "Patient":
                patient = res.get("id", patient)
            if res.get("resourceType") == "Medication":
                medications[e.get("fullUrl", "")] = res
                medications["Medication/" + res.get("id", "")] = res
        for e in entries:
            res = e.get("resource", {})
            rtype = res.get("resourceType")
            concept = None
            if rtype == "Condition":
                concept = res.get("code")
            elif rtype == "MedicationRequest":
                concept = res.get("medicationCodeableConcept")
                if concept is None:
                    ref = (res.get("medicationReference") or {}).get("reference", "")
                    concept = (medications.get(ref) or {}).get("code")
            elif rtype == "Observation":
                codings = list((res.get("code") or {}).get("coding", []))
                for comp in res.get("component", []):
                    codings += (comp.get("code") or {}).get("coding", [])
                concept = {"coding": codings}
            if not concept:
                continue
            for coding in concept.get("coding", []):
                key = (coding.get("system", ""), str(coding.get("code", "")))
                slot = found[rtype].setdefault(key, [coding.get("display", ""), set()])
                slot[1].add(patient)
    return found, len(files)


def skip_reason(code: str, display: str, table: dict, patterns: list) -> str | None:
    if code in table:
        return table[code]
    for rx, why in patterns:
        if rx.search(display or ""):
            return why
    return None


def synthea_report(rows: list[dict], directory: str, min_patients: int, show_all: bool) -> list[str]:
    found, n_files = read_bundles(directory)
    problems: list[str] = []
    index = {"snomed_ct": {}, "rxnorm": collections.defaultdict(list), "loinc": {}}
    for r in rows:
        for c in split_field(r["snomed_ct"]):
            index["snomed_ct"][c] = r
        for c in split_field(r["rxnorm"]):
            index["rxnorm"][c].append(r)
        for c in split_field(r["loinc"]):
            index["loinc"][c] = r
    print(f"\n== Synthea coverage: {n_files} bundles in {directory}")

    def table(title, items, covered_of, skip_of, gate):
        print(f"\n-- {title}")
        print(f"{'patients':>8}  {'code':<16} {'status':<9} display  ->  concept")
        counts = collections.Counter()
        for (_system, code), (display, pats) in sorted(items, key=lambda kv: (-len(kv[1][1]), kv[0][1])):
            n = len(pats)
            rows_ = covered_of(code)
            if rows_:
                status = "covered"
                target = "; ".join(f"{r['cui']} {r['name']}" for r in rows_)
            else:
                why = skip_of(code, display)
                if why:
                    status, target = "skipped", why
                elif gate(n):
                    status, target = "MISSING", "-"
                    problems.append(f"{title}: {code} {display!r} ({n} patients) is not covered")
                else:
                    status, target = "uncov<" + str(min_patients), "-"
            counts[status] += 1
            print(f"{n:>8}  {code:<16} {status:<9} {display}  ->  {target}")
        print("   totals: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))

    conds = [(k, v) for k, v in found["Condition"].items() if k[0] == SNOMED_SYSTEM]
    table("Condition (SNOMED CT)", conds,
          lambda c: [index["snomed_ct"][c]] if c in index["snomed_ct"] else [],
          lambda c, d: skip_reason(c, d, SKIPPED_SNOMED, SKIPPED_SNOMED_PATTERNS),
          lambda n: n >= min_patients)
    meds = [(k, v) for k, v in found["MedicationRequest"].items() if k[0] == RXNORM_SYSTEM]
    table("MedicationRequest (RxNorm)", meds,
          lambda c: index["rxnorm"].get(c, []),
          lambda c, d: skip_reason(c, d, SKIPPED_RXNORM, SKIPPED_RXNORM_PATTERNS),
          lambda n: True)
    other = [k for k in list(found["Condition"]) if k[0] != SNOMED_SYSTEM] + \
            [k for k in list(found["MedicationRequest"]) if k[0] != RXNORM_SYSTEM]
    if other:
        print(f"\n(note) codings in other systems were ignored: {sorted(set(s for s, _ in other))}")
    if show_all:
        obs = [(k, v) for k, v in found["Observation"].items() if k[0] == LOINC_SYSTEM]
        print("\n-- Observation (LOINC), informational only")
        for (_system, code), (display, pats) in sorted(obs, key=lambda kv: (-len(kv[1][1]), kv[0][1])):
            r = index["loinc"].get(code)
            print(f"{len(pats):>8}  {code:<16} {'covered' if r else '-':<9} {display}"
                  + (f"  ->  {r['cui']} {r['name']}" if r else ""))
    return problems
