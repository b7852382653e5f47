#!/usr/bin/env python3
"""Validate assets/concepts.csv and report its coverage of the Synthea bundles.

Usage (from the repository root):

    python -m index_builder.check_concepts                 # validate + Synthea report
    python -m index_builder.check_concepts --no-synthea    # validate only
    python -m index_builder.check_concepts --all           # also list covered codes and
                                                        # Synthea Observation LOINC codes

Part (a) validates the CSV: header, unique CUI, slot values, non-empty names,
Korean names on condition/symptom/medication rows, code formats (SNOMED CT
Verhoeff check digit, LOINC mod-10 check digit, numeric RxNorm), codes that
appear on more than one row, one-syllable Korean names.

Part (b) reads the Synthea FHIR R4 bundles (gzipped JSON) and lists every
distinct Condition SNOMED CT code and MedicationRequest RxNorm code with the
number of patients that have it, marking which concept row covers it.  The
bundles are looked up in --synthea-dir, else under $MEDAGENT_SHARED_DATA,
else ../shared/data next to the repository; when they are absent the report
is skipped with a message.

Exit status: 0 when the CSV is valid and every Synthea condition present in
>= --min-patients patients and every Synthea medication product is covered or
deliberately skipped (see SKIPPED_* below); 1 otherwise.  Python 3 stdlib only.
"""
from __future__ import annotations

import argparse
import collections
import csv
import os
import re
import sys

from index_builder.concept_coverage import default_synthea_dir, split_field, synthea_report
from medical_agent.text import HANGUL

HEADER = ["cui", "tui", "slot", "name", "synonyms_en", "names_ko",
          "snomed_ct", "rxnorm", "loinc", "topic"]
SLOTS = {"condition", "symptom", "medication", "vital", "lab"}
KO_REQUIRED = {"condition", "symptom", "medication"}
LOINC_REQUIRED = {"vital", "lab"}

CUI_RE = re.compile(r"^(C\d{7}|L\d{7})$")
TUI_RE = re.compile(r"^T\d{3}$")
LOINC_RE = re.compile(r"^\d{1,7}-\d$")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")

# --------------------------------------------------------------------- checksums
_VERHOEFF_D = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
    [2, 3, 4, 0, 1, 7, 8, 9, 5, 6], [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
    [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
    [8, 7, 6, 5, 9, 3, 2, 1, 0, 4], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]]
_VERHOEFF_P = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2], [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8]]


def verhoeff_ok(number: str) -> bool:
    c = 0
    for i, ch in enumerate(reversed(number)):
        c = _VERHOEFF_D[c][_VERHOEFF_P[i % 8][int(ch)]]
    return c == 0


def snomed_ok(code: str) -> bool:
    """SNOMED CT concept id: 6-18 digits, Verhoeff check digit, partition 00/10."""
    if not code.isdigit() or not 6 <= len(code) <= 18 or code[0] == "0":
        return False
    if code[-3:-1] not in ("00", "10"):  # concept partition identifiers
        return False
    return verhoeff_ok(code)


def loinc_ok(code: str) -> bool:
    """LOINC code NNNNN-C with the mod-10 (Luhn) check digit."""
    if not LOINC_RE.match(code):
        return False
    body, check = code.split("-")
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:  # rightmost digit and every second one are doubled
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return (10 - total % 10) % 10 == int(check)


# --------------------------------------------------------------------- part (a)
def validate(path: str) -> tuple[list[dict], list[str], list[str]]:
    errors: list[str] = []
    warnings: list[str] = []
    with open(path, encoding="utf-8", newline="") as fh:
        raw = fh.read()
    if raw.startswith("\ufeff"):
        errors.append("file starts with a BOM")
        raw = raw[1:]
    reader = csv.reader(raw.splitlines())
    try:
        header = next(reader)
    except StopIteration:
        return [], ["empty file"], []
    if header != HEADER:
        errors.append(f"header is {header!r}, expected {HEADER!r}")
        return [], errors, warnings
    rows: list[dict] = []
    seen_cui: dict[str, int] = {}
    code_owner: dict[tuple[str, str], list[str]] = collections.defaultdict(list)
    ko_owner: dict[str, list[str]] = collections.defaultdict(list)
    en_owner: dict[str, list[str]] = collections.defaultdict(list)
    for lineno, rec in enumerate(reader, start=2):
        if not rec or all(not x.strip() for x in rec):
            errors.append(f"line {lineno}: blank line")
            continue
        if len(rec) != len(HEADER):
            errors.append(f"line {lineno}: {len(rec)} fields, expected {len(HEADER)}")
            continue
        row = dict(zip(HEADER, rec, strict=False))
        row["_line"] = lineno
        rows.append(row)
        where = f"line {lineno} ({row['cui']} {row['name']!r})"
        for k, v in row.items():
            if isinstance(v, str) and v != v.strip():
                errors.append(f"{where}: field {k} has leading/trailing whitespace")
        cui = row["cui"]
        if not CUI_RE.match(cui):
            errors.append(f"{where}: cui must be C + 7 digits or local L + 7 digits")
        if cui in seen_cui:
            errors.append(f"{where}: duplicate cui (first on line {seen_cui[cui]})")
        seen_cui.setdefault(cui, lineno)
        if not TUI_RE.match(row["tui"]):
            errors.append(f"{where}: tui {row['tui']!r} is not T + 3 digits")
        if row["slot"] not in SLOTS:
            errors.append(f"{where}: slot {row['slot']!r} not in {sorted(SLOTS)}")
        if not row["name"]:
            errors.append(f"{where}: empty name")
        if not SLUG_RE.match(row["topic"]):
            errors.append(f"{where}: topic {row['topic']!r} is not a lower-case slug")
        for field in ("synonyms_en", "names_ko", "snomed_ct", "rxnorm", "loinc"):
            parts = split_field(row[field])
            if any(p == "" or p != p.strip() for p in parts):
                errors.append(f"{where}: {field} has an empty or padded item")
            dup = [p for p, n in collections.Counter(parts).items() if n > 1]
            if dup:
                errors.append(f"{where}: {field} repeats {dup}")
        ko = split_field(row["names_ko"])
        if row["slot"] in KO_REQUIRED and not any(HANGUL.search(k) for k in ko):
            errors.append(f"{where}: needs at least one Korean name")
        for k in ko:
            if HANGUL.search(k) and len(k.replace(" ", "")) < 2:
                errors.append(f"{where}: one-syllable Korean name {k!r} is too ambiguous")
            ko_owner[k].append(cui)
        for s in split_field(row["synonyms_en"]) + [row["name"]]:
            en_owner[s.lower()].append(cui)
        for code in split_field(row["snomed_ct"]):
            if not snomed_ok(code):
                errors.append(f"{where}: snomed_ct {code!r} fails the SNOMED CT id check")
            code_owner[("snomed_ct", code)].append(cui)
        for code in split_field(row["rxnorm"]):
            if not code.isdigit() or code[0] == "0" or len(code) > 8:
                errors.append(f"{where}: rxnorm {code!r} is not a numeric RxCUI")
            code_owner[("rxnorm", code)].append(cui)
        for code in split_field(row["loinc"]):
            if not loinc_ok(code):
                errors.append(f"{where}: loinc {code!r} fails the LOINC format/check digit")
            code_owner[("loinc", code)].append(cui)
        if row["slot"] in LOINC_REQUIRED and not row["loinc"]:
            errors.append(f"{where}: {row['slot']} rows need a LOINC code")
        if row["slot"] not in LOINC_REQUIRED and row["loinc"]:
            warnings.append(f"{where}: LOINC code on a {row['slot']} row")
        if row["slot"] != "medication" and row["rxnorm"]:
            errors.append(f"{where}: rxnorm code on a {row['slot']} row")
    # A SNOMED or LOINC code maps to one concept; an RxNorm combination product
    # may sit on each of its ingredients' rows.
    for (system, code), owners in sorted(code_owner.items()):
        if len(set(owners)) > 1 and system != "rxnorm":
            errors.append(f"{system} {code} is on several rows: {sorted(set(owners))}")
    for name, owners in sorted(ko_owner.items()):
        if len(set(owners)) > 1:
            warnings.append(f"Korean name {name!r} on several rows: {sorted(set(owners))}")
    for name, owners in sorted(en_owner.items()):
        if len(set(owners)) > 1:
            warnings.append(f"English name {name!r} on several rows: {sorted(set(owners))}")
    return rows, errors, warnings


# --------------------------------------------------------------------- main
def main(argv=None) -> int:
    repo_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--csv", default=os.path.join(repo_root, "assets", "concepts.csv"))
    ap.add_argument("--synthea-dir", default=None,
                    help="folder of Synthea FHIR bundles (*.json.gz)")
    ap.add_argument("--min-patients", type=int, default=2,
                    help="conditions in at least this many patients must be covered")
    ap.add_argument("--no-synthea", action="store_true", help="skip the Synthea report")
    ap.add_argument("--all", action="store_true", help="also list Observation LOINC codes")
    ap.add_argument("--warnings", action="store_true", help="print all warnings")
    args = ap.parse_args(argv)

    rows, errors, warnings = validate(args.csv)
    by_slot = collections.Counter(r["slot"] for r in rows)
    local = [r for r in rows if r["cui"].startswith("L")]
    print(f"== {args.csv}: {len(rows)} concepts; " +
          ", ".join(f"{s} {by_slot.get(s, 0)}" for s in ["condition", "symptom", "medication", "vital", "lab"]) +
          f"; local L-ids {len(local)}")
    if local:
        print("   local ids: " + ", ".join(f"{r['cui']} {r['name']}" for r in local))
    for e in errors:
        print("ERROR:", e)
    print(f"   {len(errors)} errors, {len(warnings)} warnings"
          + ("" if args.warnings or not warnings else " (use --warnings to list)"))
    if args.warnings:
        for w in warnings:
            print("warning:", w)

    problems: list[str] = []
    if not args.no_synthea:
        directory = args.synthea_dir or default_synthea_dir(repo_root)
        if not os.path.isdir(directory):
            print(f"\n(skip) Synthea bundles not found at {directory}; "
                  "set --synthea-dir or MEDAGENT_SHARED_DATA")
        else:
            problems = synthea_report(rows, directory, args.min_patients, args.all)
            for p in problems:
                print("MISSING:", p)
    ok = not errors and not problems
    print("\nRESULT:", "clean" if ok else f"{len(errors)} errors, {len(problems)} uncovered Synthea codes")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
