"""The structured answer: parsed from JSON, cut-off JSON, markdown or plain text without a second call; the
answer string streamed out of the JSON as it grows; references and warnings from the cited passages."""

import json

from medical_agent.evidence import Evidence
from medical_agent.generation.synthesis import AnswerStream, parse_reply, synthesize

DOCS = [Evidence("a#0", "a", "Metformin", "Metformin lowers glucose. Do not take it when eGFR is below 30.",
                 source="assets", url="https://x.org/a", metadata={"page": 3}),
        Evidence("b#0", "b", "메트포르민", "메트포르민은 혈당을 낮춥니다. 조영제 검사 전에는 의사와 상의하세요.")]


def test_replies_of_every_shape_parse_without_a_repair_call():
    whole = json.dumps({"answer": "It lowers glucose [1].", "key_points": ["glucose", " "], "confidence": 1.4})
    assert parse_reply("Sure: " + whole) == ("It lowers glucose [1].", ["glucose"], 1.0)
    assert parse_reply('{"answer": "It lowers glu') == ("It lowers glu", [], None)             # cut off by the cap
    markdown = "It lowers glucose [1].\n\n**Key points**\n- lowers glucose\n- with food\n"
    assert parse_reply(markdown) == ("It lowers glucose [1].", ["lowers glucose", "with food"], None)
    assert parse_reply("Just text.") == ("Just text.", [], None)


def test_the_answer_streams_out_of_the_json_escapes_included():
    stream, text = AnswerStream(), ""
    for chunk in ['{"ans', 'wer": "Line one\\n', 'Say \\"hi\\" \\u', 'd55c [1]', '.", "key_points": ["x"]}']:
        text += stream.feed(chunk)
    assert text == 'Line one\nSay "hi" 한 [1].'


def test_references_and_warnings_come_from_the_cited_passages():
    citations = [{"n": 1, "doc_id": "a", "title": "Metformin", "url": "https://x.org/a"},
                 {"n": 2, "doc_id": "b", "title": "메트포르민", "url": ""}]
    s = synthesize("It lowers glucose [1][2].", citations, DOCS, "ko", ["glucose"], 0.8)
    assert s.sources_used == ["[1]", "[2]"] and s.key_points == ["glucose"] and s.confidence == 0.8
    assert s.references[0] == {"n": 1, "title": "Metformin", "source": "assets", "section": "p. 3", "page": 3,
                               "category": None, "url": "https://x.org/a", "review": ""}
    assert s.references[1]["page"] is None and s.references[1]["section"] == ""
    assert s.warnings == ["조영제 검사 전에는 의사와 상의하세요 [2]", "Do not take it when eGFR is below 30. [1]"]
    assert synthesize("No evidence.", [], DOCS, "en").warnings == []
    quoted = synthesize("It lowers glucose [1].\n- Do not take it when eGFR is below 30. [1]", citations[:1], DOCS, "en")
    assert quoted.warnings == []                # a caution the answer already quotes is not repeated under it


def test_the_table_row_for_the_question_s_number_is_read_out_from_the_right_table_only():
    glucagon = Evidence("g#0", "g", "인슐린과 저혈당 대처법", "표 2. 글루카곤 응급 용량\n대상 | 제형 | 1회 용량\n"
                        "체중 25 kg 이상 | 주사 | 1 mg\n체중 25 kg 미만 | 주사 | 0.5 mg", metadata={"page": 4, "category": "table"})
    paracetamol = Evidence("p#0", "p", "Paracetamol", "Table 1. Dose by weight\nBody weight | Single dose\n"
                           "16 to 21.9 kg | 240 mg\n22 to 32.9 kg | 320 mg", metadata={"page": 2, "category": "table"})
    docs, question = [paracetamol, glucagon], "How much glucagon for my 20 kg child?"
    uncited = synthesize("Give 0.5 mg.", [], docs, "en", question=question)
    assert uncited.table_rows == ["표 2. 글루카곤 응급 용량 (p. 4) [2]: 대상: 체중 25 kg 미만 · 제형: 주사 · 1회 용량: 0.5 mg"]
    cited = synthesize("See the table [1].", [{"n": 1, "title": "Paracetamol"}], docs, "en", question=question)
    assert cited.table_rows == ["Table 1. Dose by weight (p. 2) [1]: Body weight: 16 to 21.9 kg · Single dose: 240 mg"]
    assert synthesize("Give 0.5 mg.", [], docs, "en", question="How much glucagon?").table_rows == []   # no number
