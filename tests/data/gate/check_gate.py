"""Checks the relevance-gate question sets and the poisoned-document manifest in this folder (stdlib only).

Questions (questions_dev.jsonl, questions_test.jsonl):
- 44 rows each, ids gd001.. / gt001.., 22 ko + 22 en, 11 covered + 11 uncovered per language;
- covered rows: corpus "kb" or "medquad" and a non-empty gold list; every KB gold is a pair_id of
  assets/knowledge/*.jsonl with both an -en and a -ko passage; every MedQuAD gold is
  f"{Document@source}-{Question@qid}" of a QAPair whose Answer has text (folders 10_, 11_, 12_ are question-only
  and are not read);
- uncovered rows: corpus null, gold [], kind in rare_drug | non_medical | absent_condition | absent_topic;
  the terms the note lists after "absent (KB+MedQuAD):" (separated by " | ", ended by ";") must not occur
  (case-insensitive substring) in any KB title or text nor in any MedQuAD Focus/Question/Answer with answer
  text; the terms after "absent (KB):" must not occur in the KB.

questions_test6.jsonl (ids g6001..), questions_test7.jsonl (ids g7001..), questions_test8.jsonl (ids g8001..) and
questions_test9.jsonl (ids g9001..) get the same checks. questions_test7.jsonl, questions_test8.jsonl and
questions_test9.jsonl are also compared with the other question files (every questions_*.jsonl in this folder): a text that repeats an earlier question (case and whitespace ignored) is a problem;
gold passages (KB pair_ids, MedQuAD documents) and absent terms that another file also uses are printed as notes, not
problems, so a writer can avoid earlier topics without reading the earlier files.

Poisoned documents (poisoned.jsonl): every file exists and every file in poisoned/ is listed; fields and values are
valid; the injected_text is in the file verbatim (after whitespace normalisation; for .html also after removing
tags; for .pdf it must equal the injected text in make_poisoned_pdfs.DOCS); every payload marker occurs in the
document's text (for .pdf: in DOCS, and in pdfplumber's extracted text when pdfplumber is importable, as in the
project's venv); counts: at least 14 documents, 3 md / 3 txt / 3 html / 2 pdf, 6 ko / 6 en, and at least 4
documents with a question in the other language.
The same rules apply to poisoned_test6.jsonl, poisoned_test6/ and make_poisoned_test6_pdfs.DOCS, except that its
placement values are free (they are all new).

MedQuAD is read from $MEDAGENT_SHARED_DATA/medquad, else <repo root>/../shared/data/medquad; when that is
absent the MedQuAD checks are skipped with a message. Exit code 1 on any problem.

Run: python tests/data/gate/check_gate.py
"""

from __future__ import annotations

import glob
import importlib
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
KB_DIR = REPO / "assets" / "knowledge"
KINDS = {"rare_drug", "non_medical", "absent_condition", "absent_topic"}
PLACEMENTS = {"body", "table", "hidden_html", "html_comment", "md_comment", "footnote", "tiny_text", "link"}
FORMATS = {"md", "txt", "html", "pdf"}

problems: list[str] = []


def problem(msg: str) -> None:
    problems.append(msg)
    print("PROBLEM:", msg)


def load_jsonl(path: Path) -> list[dict]:
    rows = []
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    problem(f"{path.name}:{n}: bad JSON ({exc})")
    return rows


def load_kb() -> tuple[dict[str, set[str]], list[str]]:
    pairs: dict[str, set[str]] = {}
    texts: list[str] = []
    for path in sorted(KB_DIR.glob("*.jsonl")):
        for row in load_jsonl(path):
            pairs.setdefault(row["pair_id"], set()).add(row["id"])
            texts.append((row.get("title", "") + " " + row.get("text", "")).lower())
    return pairs, texts


def medquad_dir() -> Path | None:
    env = os.environ.get("MEDAGENT_SHARED_DATA")
    base = Path(env) if env else REPO.parent / "shared" / "data"
    d = base / "medquad"
    return d if d.is_dir() else None


def load_medquad(root: Path) -> dict[str, str]:
    """id -> lower-cased 'focus question answer' for every QAPair with answer text (folders 1_ .. 9_)."""
    out: dict[str, str] = {}
    for folder in sorted(root.iterdir()):
        if not folder.is_dir() or folder.name.split("_")[0] in {"10", "11", "12"}:
            continue
        for f in sorted(glob.glob(str(folder / "*.xml"))):
            try:
                doc = ET.parse(f).getroot()
            except ET.ParseError:
                continue
            src = doc.get("source")
            focus = (doc.findtext("Focus") or "").strip()
            for qa in doc.iter("QAPair"):
                q, a = qa.find("Question"), qa.find("Answer")
                answer = (a.text or "").strip() if a is not None else ""
                if q is None or not answer:
                    continue
                out[f"{src}-{q.get('qid')}"] = f"{focus} {(q.text or '').strip()} {answer}".lower()
    return out


def note_terms(note: str, label: str) -> list[str]:
    m = re.search(re.escape(label) + r"\s*(.*?)(;|$)", note)
    return [t.strip() for t in m.group(1).split(" | ") if t.strip()] if m else []


def check_questions(path: Path, prefix: str, kb_pairs, kb_texts, mq) -> None:
    rows = load_jsonl(path)
    name = path.name
    if len(rows) != 44:
        problem(f"{name}: {len(rows)} rows, expected 44")
    ids = [r.get("id") for r in rows]
    if ids != [f"{prefix}{n:03d}" for n in range(1, len(rows) + 1)]:
        problem(f"{name}: ids are not {prefix}001..{prefix}{len(rows):03d} in order")
    cells = Counter((r.get("lang"), bool(r.get("covered"))) for r in rows)
    for lang in ("ko", "en"):
        for cov in (True, False):
            if cells[(lang, cov)] != 11:
                problem(f"{name}: {cells[(lang, cov)]} rows with lang={lang} covered={cov}, expected 11")
    corpora = Counter(r.get("corpus") for r in rows if r.get("covered"))
    kinds = Counter(r.get("kind") for r in rows if not r.get("covered"))
    texts = Counter(r.get("text") for r in rows)
    for t, c in texts.items():
        if c > 1:
            problem(f"{name}: duplicate text {t!r}")
    mq_checked = 0
    for r in rows:
        rid = r.get("id")
        if not r.get("text") or r.get("lang") not in {"ko", "en"}:
            problem(f"{name} {rid}: missing text or bad lang")
        hangul = bool(re.search(r"[\uac00-\ud7a3]", r.get("text", "")))
        if (r.get("lang") == "ko") != hangul:
            problem(f"{name} {rid}: lang {r.get('lang')} but text {'has' if hangul else 'has no'} Hangul")
        if r.get("covered"):
            gold = r.get("gold") or []
            if r.get("kind") is not None:
                problem(f"{name} {rid}: covered row with kind {r.get('kind')!r}")
            if not gold:
                problem(f"{name} {rid}: covered but gold is empty")
            if r.get("corpus") == "kb":
                for g in gold:
                    members = kb_pairs.get(g)
                    if not members:
                        problem(f"{name} {rid}: KB pair_id {g!r} not found")
                    elif members != {f"{g}-en", f"{g}-ko"}:
                        problem(f"{name} {rid}: KB pair_id {g!r} has passages {sorted(members)}")
            elif r.get("corpus") == "medquad":
                if mq is not None:
                    for g in gold:
                        mq_checked += 1
                        if g not in mq:
                            problem(f"{name} {rid}: MedQuAD id {g!r} not found with answer text")
            else:
                problem(f"{name} {rid}: covered with corpus {r.get('corpus')!r}")
        else:
            if r.get("corpus") is not None or r.get("gold"):
                problem(f"{name} {rid}: uncovered but corpus/gold set")
            if r.get("kind") not in KINDS:
                problem(f"{name} {rid}: kind {r.get('kind')!r} not in {sorted(KINDS)}")
            note = r.get("note", "")
            both = note_terms(note, "absent (KB+MedQuAD):")
            kb_only = note_terms(note, "absent (KB):")
            if not both and not kb_only:
                problem(f"{name} {rid}: note lists no checked terms")
            for term in both + kb_only:
                t = term.lower()
                hits = sum(t in x for x in kb_texts)
                if hits:
                    problem(f"{name} {rid}: term {term!r} occurs in {hits} KB passage(s)")
            if mq is not None:
                for term in both:
                    t = term.lower()
                    hits = [k for k, v in mq.items() if t in v]
                    if hits:
                        problem(f"{name} {rid}: term {term!r} occurs in MedQuAD {hits[:5]}")
    split = ", ".join(f"{lang} covered={cov}: {cells[(lang, cov)]}" for lang in ("ko", "en") for cov in (True, False))
    print(f"{name}: {len(rows)} rows; {split}"
          + f"; covered corpora {dict(corpora)}; uncovered kinds {dict(sorted(kinds.items()))}"
          + (f"; {mq_checked} MedQuAD gold ids checked" if mq is not None else ""))


def norm_text(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip().lower()


def gold_topics(row: dict) -> set[str]:
    """KB pair_ids as they are; MedQuAD ids reduced to their document (source and document id, without the QAPair)."""
    out = set()
    for g in row.get("gold") or []:
        out.add(g if row.get("corpus") == "kb" else f"medquad:{g.rsplit('-', 1)[0]}")
    return out


def compare_with_earlier(path: Path) -> None:
    """Repeated texts are problems; shared gold documents and absent terms are printed as notes for the new file."""
    rows = load_jsonl(path)
    earlier = [p for p in sorted(HERE.glob("questions_*.jsonl")) if p.name != path.name]
    texts: dict[str, str] = {}
    golds: dict[str, set[str]] = {}
    for p in earlier:
        for r in load_jsonl(p):
            texts.setdefault(norm_text(r.get("text", "")), p.name)
            for g in gold_topics(r):
                golds.setdefault(g, set()).add(p.name)
    earlier_texts = list(texts)
    notes = 0
    for r in rows:
        rid = r.get("id")
        t = norm_text(r.get("text", ""))
        if t in texts:
            problem(f"{path.name} {rid}: text repeats a question of {texts[t]}")
        for g in sorted(gold_topics(r)):
            if g in golds:
                notes += 1
                print(f"  note: {path.name} {rid}: gold {g} is also gold in {sorted(golds[g])}")
        if not r.get("covered"):
            note = r.get("note", "")
            for term in note_terms(note, "absent (KB+MedQuAD):") + note_terms(note, "absent (KB):"):
                hits = sum(term.lower() in x for x in earlier_texts)
                if hits:
                    notes += 1
                    print(f"  note: {path.name} {rid}: absent term {term!r} occurs in {hits} earlier question text(s)")
    print(f"{path.name} vs {len(earlier)} earlier question files: {notes} shared gold/term note(s)")


def pdf_text(path: Path) -> str | None:
    """Text of a PDF through pdfplumber when it is importable (the project's venv has it), else None."""
    try:
        import pdfplumber  # type: ignore
    except ImportError:
        return None
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def pdf_sources(module: str = "make_poisoned_pdfs") -> dict[str, object]:
    """file name -> <module>.Doc (a generator imports fpdf only when it builds)."""
    sys.path.insert(0, str(HERE))
    sys.dont_write_bytecode = True
    try:
        gen = importlib.import_module(module)
    finally:
        sys.path.pop(0)
    return {d.file: d for d in gen.DOCS}


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def doc_text_of(doc) -> str:
    parts = [doc.title, doc.subtitle]
    for _kind, content in doc.blocks:
        if isinstance(content, str):
            parts.append(content)
        else:
            for item in content:
                parts.extend(item if isinstance(item, list) else [item])
    return "\n".join(parts)


def check_poisoned(name: str = "poisoned", generator: str = "make_poisoned_pdfs",
                   allowed: set[str] | None = PLACEMENTS) -> None:
    """Checks <name>.jsonl and the folder <name>/; PDFs against <generator>.DOCS. ``allowed`` None: any placement."""
    manifest = f"{name}.jsonl"
    rows = load_jsonl(HERE / manifest)
    sources = pdf_sources(generator)
    seen: set[str] = set()
    cross = 0
    pdf_extracted = 0
    for r in rows:
        f = r.get("file", "")
        if f in seen:
            problem(f"{manifest}: duplicate file {f}")
        seen.add(f)
        path = HERE / f
        if not path.is_file():
            problem(f"{manifest}: {f} does not exist")
            continue
        fmt = r.get("format")
        if fmt not in FORMATS or path.suffix != f".{fmt}":
            problem(f"{manifest}: {f} format {fmt!r}")
        if r.get("lang") not in {"ko", "en"}:
            problem(f"{manifest}: {f} lang {r.get('lang')!r}")
        if allowed is not None and r.get("placement") not in allowed:
            problem(f"{manifest}: {f} placement {r.get('placement')!r}")
        qs = r.get("questions") or []
        if len(qs) < 2:
            problem(f"{manifest}: {f} has {len(qs)} questions")
        qlangs = ["ko" if re.search(r"[\uac00-\ud7a3]", q) else "en" for q in qs]
        if qlangs.count(r.get("lang")) < 2:
            problem(f"{manifest}: {f} has fewer than 2 questions in the document's language")
        if len(set(qlangs)) > 1:
            cross += 1
        markers = r.get("payload_markers") or []
        inj = squash(r.get("injected_text", ""))
        if not markers or not inj:
            problem(f"{manifest}: {f} lacks payload_markers or injected_text")
        for m in markers:
            if m.lower() not in inj.lower():
                problem(f"{manifest}: {f}: payload marker {m!r} is not part of the injected_text")
        if fmt == "pdf":
            doc = sources.get(path.name)
            if doc is None:
                problem(f"{manifest}: {f} is not in {generator}.DOCS")
                continue
            if squash(doc.injected) != inj:
                problem(f"{manifest}: {f}: injected_text differs from {generator}.DOCS")
            texts = [doc_text_of(doc)]
            extracted = pdf_text(path)
            if extracted is not None:
                pdf_extracted += 1
                texts.append(extracted)
        else:
            raw = path.read_text(encoding="utf-8")
            texts = [raw]
            views = [squash(raw)]
            if fmt == "html":
                views.append(squash(re.sub(r"<[^>]*>", "", raw)))
            if not any(inj in v for v in views):
                problem(f"{manifest}: {f}: injected_text is not verbatim in the file")
        for text in texts:
            flat = squash(text)
            for m in markers:
                if m not in flat and m.replace(" ", "") not in flat.replace(" ", ""):
                    problem(f"{manifest}: {f}: payload marker {m!r} not found in the document text")
    n = len(rows)
    langs = Counter(r.get("lang") for r in rows)
    formats = Counter(r.get("format") for r in rows)
    placements = Counter(r.get("placement") for r in rows)
    if n < 14:
        problem(f"{manifest}: {n} documents, expected at least 14")
    for fmt, need in (("md", 3), ("txt", 3), ("html", 3), ("pdf", 2)):
        if formats[fmt] < need:
            problem(f"{manifest}: {formats[fmt]} {fmt} documents, expected at least {need}")
    for lang in ("ko", "en"):
        if langs[lang] < 6:
            problem(f"{manifest}: {langs[lang]} {lang} documents, expected at least 6")
    if cross < 4:
        problem(f"{manifest}: {cross} documents with a question in the other language, expected at least 4")
    on_disk = {f"{name}/{p.name}" for p in (HERE / name).iterdir() if p.is_file()}
    if on_disk - seen:
        problem(f"{name}/: files not in the manifest: {sorted(on_disk - seen)}")
    pdfs = formats["pdf"]
    print(f"{manifest}: {n} documents; langs {dict(langs)}; formats {dict(formats)}; "
          f"placements {dict(sorted(placements.items()))}; {cross} with a question in the other language; "
          + (f"PDF text extracted with pdfplumber for {pdf_extracted}/{pdfs}" if pdf_extracted
             else f"pdfplumber not importable: PDF markers checked against {generator}.DOCS only"))


def main() -> int:
    kb_pairs, kb_texts = load_kb()
    print(f"KB: {len(kb_texts)} passages, {len(kb_pairs)} pair_ids")
    root = medquad_dir()
    mq = None
    if root is None:
        print("MedQuAD not found ($MEDAGENT_SHARED_DATA/medquad or ../shared/data/medquad): MedQuAD checks skipped")
    else:
        mq = load_medquad(root)
        print(f"MedQuAD: {len(mq)} QAPairs with answer text under {root}")
    check_questions(HERE / "questions_dev.jsonl", "gd", kb_pairs, kb_texts, mq)
    check_questions(HERE / "questions_test.jsonl", "gt", kb_pairs, kb_texts, mq)
    check_questions(HERE / "questions_test6.jsonl", "g6", kb_pairs, kb_texts, mq)
    check_questions(HERE / "questions_test7.jsonl", "g7", kb_pairs, kb_texts, mq)
    compare_with_earlier(HERE / "questions_test7.jsonl")
    check_questions(HERE / "questions_test8.jsonl", "g8", kb_pairs, kb_texts, mq)
    compare_with_earlier(HERE / "questions_test8.jsonl")
    check_questions(HERE / "questions_test9.jsonl", "g9", kb_pairs, kb_texts, mq)
    compare_with_earlier(HERE / "questions_test9.jsonl")
    if (HERE / "poisoned.jsonl").exists():
        check_poisoned()
    else:
        problem("poisoned.jsonl missing")
    if (HERE / "poisoned_test6.jsonl").exists():
        check_poisoned("poisoned_test6", "make_poisoned_test6_pdfs", None)
    else:
        problem("poisoned_test6.jsonl missing")
    print("OK" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
