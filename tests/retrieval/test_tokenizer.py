from medical_agent.retrieval.tokenizer import Tokenizer, s_stem, usable_user_word

TOK = Tokenizer(["고혈압", "당뇨병", "메트포르민", "두통", "혈압이 높"])


def test_particles_are_dropped():
    assert TOK.tokenize("서울은") == ["서울"]
    assert "당뇨병" in TOK.tokenize("당뇨병과 고혈압이 있어요")
    assert not {"은", "과", "이", "어요"} & set(TOK.tokenize("당뇨병과 고혈압이 있어요"))


def test_user_words_stay_whole():
    for text in ("고혈압", "고혈압이 있어요", "고혈압약을 먹어요"):
        assert "고혈압" in TOK.tokenize(text), text
    assert "두통" in TOK.tokenize("두통이 심해요")
    assert "혈압이 높" not in TOK.user_words  # phrases cannot be kiwi user words


def test_verb_and_adjective_stems_are_kept():
    tokens = TOK.tokenize("메트포르민을 복용 중인데 설사가 심해요")
    assert {"메트포르민", "복용", "설사", "심하"} <= set(tokens)


def test_mixed_korean_and_english():
    tokens = TOK.tokenize("HbA1c는 8.2%이고 Metformin을 먹어요")
    assert {"hba1c", "8.2", "metformin", "먹"} <= set(tokens)


def test_latin_normalisation_and_stopwords():
    assert TOK.tokenize("What are the Side Effects of Statins?") == ["side", "effect", "statin"]
    assert TOK.tokenize("") == []
    assert TOK.tokenize("🙂🙂") == []


def test_s_stemmer_and_user_word_filter():
    assert [s_stem(w) for w in ("diseases", "therapies", "glasses", "diabetes", "virus", "is")] == \
        ["disease", "therapy", "glasse", "diabete", "virus", "is"]
    assert usable_user_word("제2형당뇨병") and not usable_user_word("약") and not usable_user_word("혈압 높음")
