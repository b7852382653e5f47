"""The demo's words in Korean and English, in one table: every label, button, placeholder, heading, status line,
confirmation, choice and panel word a person reads, and the headings of the answer's own sections. A component is
built with its English text and registered with its key (``localizer.Localizer``); the language switch returns the
Korean or English text of every key. Answers follow the language of the question; everything around them follows
the interface's language, which starts as the browser's (``navigator.language``) and is kept across reloads.

Keys with a dot are panel words (``slot.conditions``, ``badge.present``, ``stop.quality_ok``); :func:`term` reads
them and falls back to the raw value for a code the table does not know yet, so a new stop reason shows as
itself instead of failing. Words that stay Latin in Korean on purpose (drug names, units, codes such as HbA1c or
FHIR) are data, not UI words; ``tests/ui/test_korean.py`` holds the list it allows.
"""

from __future__ import annotations

UI_LANGUAGES = [("English", "en"), ("한국어", "ko")]
EXAMPLE_QUESTIONS = {
    "ko": ["당뇨가 있어요. 메트포르민 부작용이 뭔가요?", "저는 65세 남성이고 혈압이 150/95예요. 혈압약은 어떤 종류가 있나요?",
           "뇌졸중의 경고 신호는 무엇인가요?", "와파린을 먹고 있어요. 허리가 아픈데 이부프로펜을 먹어도 되나요?"],
    "en": ["I have diabetes. What are the side effects of metformin?",
           "I am a 65-year-old man and my blood pressure is 150/95. What kinds of blood pressure medicine are there?",
           "What are the warning signs of a stroke?", "I take warfarin. Can I take ibuprofen for back pain?"],
}
TEXTS: dict[str, tuple[str, str]] = {            # key: (English, Korean)
    # header
    "language": ("Language", "언어"),
    "title": ("🩺 Medical Knowledge Agent", "🩺 의료 지식 에이전트"),
    "offline": ("offline mode", "오프라인 모드"),
    "disclaimer": ("Information only, not a diagnosis — please talk to a clinician about your health.",
                   "정보 제공용이며 진단이 아닙니다. 건강 문제는 의료진과 상담하세요."),
    "starting_header": ("Starting: loading models and building the index on first start…",
                        "시작하는 중: 모델을 불러오고, 처음에는 색인을 만듭니다…"),
    "failed_header": ("⚠️ Start-up failed: {error}", "⚠️ 시작하지 못했습니다: {error}"),
    "tech": ("Model: **{llm}** · embedder: **{embedder}** · index: `{index}` ({documents} passages) · concept "
             "linker: **{linker}**", "모델: **{llm}** · 임베딩: **{embedder}** · 색인: `{index}` (구절 {documents}개) · "
             "개념 연결기: **{linker}**"),
    "no_model": ("none (offline: extractive answers, rule-based checks)", "없음 (오프라인: 근거 발췌 답변, 규칙 기반 점검)"),
    "linker.dictionary": ("dictionary", "사전"), "linker.medcat": ("MedCAT", "MedCAT"),
    "linker_fallback": ("⚠️ Concept linker fallback — {detail}", "⚠️ 개념 연결기 대체 사용 — {detail}"),
    # chat
    "chat": ("Chat", "대화"),
    "message": ("Ask a health question", "건강에 관한 질문을 입력하세요"),
    "send": ("Send", "보내기"),
    "examples": ("Examples", "예시 질문"),
    "new_patient": ("New patient", "새 환자"),
    "new_patient_ask": ("**Start over as a new patient?** This chat and the panels are cleared in this browser; the "
                        "profile stays stored under its resume code until it expires.",
                        "**새 환자로 다시 시작할까요?** 이 브라우저의 대화와 패널이 지워집니다. 프로필은 만료될 때까지 이어하기 "
                        "코드로 보관됩니다."),
    "yes_new": ("Yes, start over", "네, 새로 시작"),
    "cancel": ("Cancel", "취소"),
    "new_patient_done": ("✔ New patient: the chat and the panels were cleared.", "✔ 새 환자: 대화와 패널을 비웠습니다."),
    "starting_chat": ("⏳ The agent is still starting (its first start builds the index); your question is answered as "
                      "soon as it is ready.", "⏳ 에이전트를 준비하는 중입니다 (처음에는 색인을 만듭니다). 준비되면 바로 답합니다."),
    "sorry": ("⚠️ Sorry — something went wrong while answering (the error was logged). Please try again.",
              "⚠️ 죄송합니다. 답변하는 중에 문제가 생겼습니다 (오류는 기록되었습니다). 다시 시도해 주세요."),
    "retrying": ("_(answer judged weak — searching again, attempt {n})_", "_(답변이 부족해 다시 찾는 중, {n}번째 시도)_"),
    "queue": ("⏳ The model is answering other people first: you are number {place} in line (about {eta} s).",
              "⏳ 모델이 먼저 온 질문에 답하는 중입니다: {place}번째 순서입니다 (약 {eta}초)."),
    "sources": ("Sources", "출처"),
    "table_row": ("The table row for the numbers in your question", "질문의 수치에 해당하는 표의 행"),
    "warnings": ("Warnings in the sources", "출처의 주의 사항"),
    "emergency": ("Emergency", "응급"),
    # the agent's steps in the chat
    "steps_working": ("⏳ Working…", "⏳ 작업 중…"),
    "steps_title": ("🔎 How this answer was made · {s} s", "🔎 답변 과정 · {s}초"),
    "step_read": ("Read from your message: {items}", "메시지에서 찾은 정보: {items}"),
    "step_read_none": ("Nothing to store from your message", "메시지에서 저장할 정보 없음"),
    "step_cache": ("Answered from your saved answers (similarity {s})", "저장된 답변으로 응답 (유사도 {s})"),
    "step_search": ("Searched: “{query}” — {n} passages", "검색: “{query}” — 구절 {n}개"),
    "step_kept": ("{kept} of {n} passages kept ({verdict})", "구절 {n}개 중 {kept}개 사용 ({verdict})"),
    "step_checks": ("Checks: {checks}", "점검: {checks}"),
    "step_decision": ("Decision: {action}", "결정: {action}"),
    "step_stop": ("Stopped: {reason}", "멈춤: {reason}"),
    # feedback
    "feedback_comment": ("Tell us more (optional)", "의견을 남겨 주세요 (선택)"),
    "feedback_send": ("Send comment", "의견 보내기"),
    "feedback_liked": ("👍 Thank you — saved with this answer.", "👍 감사합니다. 이 답변과 함께 저장했습니다."),
    "feedback_disliked": ("👎 Thank you — saved with this answer. What was wrong? (optional, below)",
                          "👎 감사합니다. 이 답변과 함께 저장했습니다. 무엇이 문제였나요? (선택, 아래에 적어 주세요)"),
    "feedback_other": ("Thank you — saved with this answer.", "감사합니다. 이 답변과 함께 저장했습니다."),
    "feedback_removed": ("Your rating of this answer was removed.", "이 답변의 평가를 지웠습니다."),
    "feedback_comment_saved": ("✔ Comment saved with your rating.", "✔ 평가와 함께 의견을 저장했습니다."),
    "feedback_first": ("⚠️ Rate an answer with 👍 or 👎 first.", "⚠️ 먼저 답변을 👍 또는 👎로 평가해 주세요."),
    "feedback_not_answer": ("⚠️ Only the agent's answers can be rated.", "⚠️ 에이전트의 답변만 평가할 수 있습니다."),
    # my documents
    "my_documents": ("My documents", "내 문서"),
    "docs_private": ("Private to you, searched together with the knowledge base, erased with your profile.",
                     "나만 쓰는 문서입니다. 지식 베이스와 함께 검색되고, 프로필과 함께 지워집니다."),
    "docs_shared": ("Uploads go into the collection everyone here searches.", "올린 문서는 이곳의 모든 사람이 검색하는 모음에 들어갑니다."),
    "docs_upload": ("Upload ({types}, up to {mb} MB)", "올리기 ({types}, 최대 {mb} MB)"),
    "docs_table": ("Your documents", "내 문서 목록"),
    "docs_choice": ("Document", "문서"),
    "docs_delete": ("Delete document", "문서 삭제"),
    "docs_delete_ask": ("**Delete the chosen document?** Its passages leave your searches at once.",
                        "**고른 문서를 삭제할까요?** 그 문서의 구절은 바로 검색에서 빠집니다."),
    "yes_delete": ("Yes, delete", "네, 삭제"),
    "docs_pages": ("Pages cited in the last answer", "마지막 답변이 인용한 쪽"),
    "docs_choose_files": ("Choose one or more files first.", "먼저 파일을 하나 이상 고르세요."),
    "docs_indexing": ("indexing {n} file(s)…", "파일 {n}개 색인 중…"),
    "docs_added": ("✔ {name} added", "✔ {name} 추가됨"),
    "docs_indexed": ("_indexed in {s} s — ask about it in the chat_", "_{s}초 만에 색인했습니다. 대화에서 물어보세요_"),
    "docs_failed": ("⚠️ The documents could not be indexed ({kind}); nothing was added. Please try again later.",
                    "⚠️ 문서를 색인하지 못했습니다 ({kind}). 아무것도 추가되지 않았습니다. 나중에 다시 시도하세요."),
    "docs_nothing": ("⚠️ Nothing was added: {reason}", "⚠️ 추가된 문서가 없습니다: {reason}"),
    "docs_unexpected": ("⚠️ The documents could not be indexed; nothing was added. Please try again later.",
                        "⚠️ 문서를 색인하지 못했습니다. 아무것도 추가되지 않았습니다. 나중에 다시 시도하세요."),
    "docs_choose_delete": ("Choose a document to delete.", "삭제할 문서를 고르세요."),
    "docs_delete_failed": ("⚠️ {name} could not be deleted: {reason}", "⚠️ {name} 문서를 삭제하지 못했습니다: {reason}"),
    "docs_deleted": ("🗑 {name} deleted", "🗑 {name} 삭제됨"),
    "docs_missing": ("⚠️ {name} is not in your documents", "⚠️ {name} 문서는 내 문서에 없습니다"),
    "docs_page": ("[{n}] {source}, p. {page}", "[{n}] {source}, {page}쪽"),
    "col.document": ("document", "문서"), "col.title": ("title", "제목"), "col.pages": ("pages", "쪽 수"),
    "col.passages": ("passages", "구절 수"),
    # my profile
    "profile_controls": ("My profile: correct, import a record, export, delete, resume",
                         "내 프로필: 고치기, 기록 가져오기, 내보내기, 삭제, 이어하기"),
    "item": ("Item", "항목"),
    "action": ("Edit", "편집"),
    "value": ("Corrected value", "고친 값"),
    "apply": ("Apply", "적용"),
    "record": ("Import my record (FHIR R4 JSON)", "내 기록 가져오기 (FHIR R4 JSON)"),
    "export": ("Export JSON", "JSON 내보내기"),
    "export_file": ("Your profile (JSON)", "내 프로필 (JSON)"),
    "delete": ("Delete my profile", "내 프로필 삭제"),
    "delete_ask": ("**Delete everything stored about you (profile, cached answers, conversations, documents, "
                   "ratings)?**", "**저장된 내 정보 (프로필, 저장된 답변, 대화, 문서, 평가)를 모두 삭제할까요?**"),
    "deleted": ("🗑 Deleted: your profile, cached answers, conversations, documents and ratings.",
                "🗑 삭제했습니다: 프로필, 저장된 답변, 대화, 문서, 평가."),
    "code": ("Come back: your resume code", "다시 오기: 내 이어하기 코드"),
    "resume": ("Resume", "이어하기"),
    "keep": ("Your resume code: `{code}` — keep it private; entering it here on another visit brings this profile and "
             "your last conversation back (a page reload or *New patient* starts a new one). {rule}",
             "내 이어하기 코드: `{code}` — 남에게 알리지 마세요. 다음에 여기에 입력하면 이 프로필과 마지막 대화를 다시 "
             "불러옵니다 (페이지를 새로 고치거나 *새 환자*를 누르면 새로 시작합니다). {rule}"),
    "keep_days": ("People idle for {days} days are deleted with their cached answers and conversations.",
                  "{days}일 동안 쓰지 않으면 저장된 답변, 대화와 함께 삭제됩니다."),
    "keep_forever": ("Profiles are kept until you delete them.", "프로필은 직접 삭제할 때까지 보관됩니다."),
    "keep_account": ("Signed in as **{name}**: your profile, documents, ratings and conversations follow your Hugging "
                     "Face account on any device. Signing out returns to an anonymous session. {rule}",
                     "**{name}** 님으로 로그인했습니다: 프로필, 문서, 평가, 대화가 어느 기기에서든 허깅페이스 계정을 따라갑니다. "
                     "로그아웃하면 익명으로 돌아갑니다. {rule}"),
    "sign_in": ("Sign in with Hugging Face", "허깅페이스로 로그인"),
    "sign_out": ("Sign out ({name})", "로그아웃 ({name})"),
    "no_code": ("⚠️ No profile for that code (a typo, or it was deleted or expired).",
                "⚠️ 그 코드의 프로필이 없습니다 (오타이거나, 삭제되었거나 만료되었습니다)."),
    "choose_item": ("choose an item first", "항목을 먼저 고르세요"),
    "value_too_long": ("the value is {n:,} characters; at most {max:,} (limit max_name_chars)",
                       "값이 {n:,}자입니다. 최대 {max:,}자까지 쓸 수 있습니다"),
    "edit_done": ("✔ {item}: {action}", "✔ {item}: {action}"),
    "edit_failed": ("⚠️ The edit could not be made; nothing was changed. Please try again.",
                    "⚠️ 편집하지 못했습니다. 바뀐 것은 없습니다. 다시 시도하세요."),
    "record_choose": ("choose a FHIR R4 JSON file first", "FHIR R4 JSON 파일을 먼저 고르세요"),
    "record_done": ("✔ from your record: {c} conditions, {m} medicines, {r} readings",
                    "✔ 내 기록에서: 질환 {c}개, 약 {m}개, 측정값 {r}개"),
    "record_past": (" ({n} older than {days} days: shown as past)", " ({days}일보다 오래된 {n}개는 과거 값으로 표시)"),
    "record_refused": ("⚠️ {name}: {reason}; nothing was imported", "⚠️ {name}: {reason}. 아무것도 가져오지 않았습니다"),
    "record_failed": ("⚠️ {name}: the record could not be imported; nothing was changed",
                      "⚠️ {name}: 기록을 가져오지 못했습니다. 바뀐 것은 없습니다"),
    # advanced / research
    "advanced": ("Advanced / research", "고급 / 연구용"),
    "mode": ("Mode", "모드"),
    "mode_offline": ("Model-only mode needs a language model; this demo runs offline, so only the agent answers.",
                     "언어 모델만 쓰는 모드는 언어 모델이 필요합니다. 이 데모는 오프라인이라 에이전트만 답합니다."),
    "ablation": ("Ablation profile", "실험 프로필"),
    "self_refine": ("Self-refine", "자체 개선"),
    "active": ("Active retrieval", "능동 검색"),
    "cache": ("Response cache", "답변 캐시"),
    "raw": ("Last turn (JSON)", "마지막 턴 (JSON)"),
    "review": ("Review a passage (clinicians)", "구절 검토 (의료진)"),
    "review_n": ("passage [n] of the last answer", "마지막 답변의 구절 번호"),
    "reviewer": ("reviewer (name, role)", "검토자 (이름, 역할)"),
    "reviewer_code": ("reviewer code", "검토자 코드"),
    "review_text": ("corrected text (for a correction)", "고친 글 (수정할 때)"),
    "review_verify": ("Mark verified", "검증됨으로 표시"),
    "review_correct": ("Submit correction", "수정 제출"),
    "review_withdraw": ("Withdraw review", "검토 철회"),
    "review_off": ("⚠️ Reviewing is off: the operator sets a reviewer list or a reviewer code to turn it on.",
                   "⚠️ 검토 기능이 꺼져 있습니다: 운영자가 검토자 목록이나 검토자 코드를 설정하면 켜집니다."),
    "review_unavailable": ("⚠️ Reviewing is unavailable: {reason}.", "⚠️ 지금은 검토할 수 없습니다: {reason}."),
    "review_wrong_code": ("⚠️ Wrong reviewer code.", "⚠️ 검토자 코드가 틀렸습니다."),
    "review_choose": ("⚠️ Choose a passage number between 1 and {n} of the last answer.",
                      "⚠️ 마지막 답변의 구절 번호를 1에서 {n} 사이로 고르세요."),
    "review_ask_first": ("⚠️ Ask a question first: the passages of its answer can then be reviewed.",
                         "⚠️ 먼저 질문하세요. 그 답변의 구절을 검토할 수 있습니다."),
    "review_who": ("⚠️ Say who reviews (name and role): it is stored with the review.",
                   "⚠️ 검토자 (이름, 역할)를 적어 주세요. 검토와 함께 저장됩니다."),
    "review_text_first": ("⚠️ Write the corrected text first.", "⚠️ 먼저 고친 글을 적어 주세요."),
    "review_withdrawn": ("Review of [{n}] withdrawn.", "[{n}] 구절의 검토를 철회했습니다."),
    "review_done": ("✔ [{n}] {title} {what} by {who}{shared}; it ranks first from the next answer.",
                    "✔ [{n}] {title}: {who}{shared} {what}. 다음 답변부터 먼저 쓰입니다."),
    "review.verify": ("marked verified", "검증함"), "review.correct": ("corrected", "수정함"),
    "review_shared": (" (shared code)", " (공용 코드)"),
    # panels
    "slots": ("Found in this message", "이번 메시지에서 찾은 정보"),
    "profile": ("Stored profile", "저장된 프로필"),
    "documents": ("Retrieved documents", "찾은 문서"),
    "refine": ("How the answer was checked", "답변 점검 과정"),
    "plot": ("Quality per iteration", "반복별 답변 품질"),
    "slots_empty": ("Nothing found yet: ask a question.", "아직 찾은 정보가 없습니다. 질문해 보세요."),
    "profile_empty": ("No profile yet.", "아직 프로필이 없습니다."),
    "documents_empty": ("No documents yet.", "아직 찾은 문서가 없습니다."),
    "refine_empty": ("The checks appear here after an answer.", "답변 뒤에 점검 과정이 여기에 나타납니다."),
    "said_as": ("said as “{text}”", "“{text}”(이)라고 말함"),
    "from_record": ("from your record", "내 기록에서"),
    "measured": ("measured {date}", "{date} 측정"),
    "said_on": ("noted {date}", "{date} 기록"),
    "later": ("later: “{text}”", "이후: “{text}”"),
    "weight": ("weight {w}", "가중치 {w}"),
    "confidence": ("confidence {c}", "신뢰도 {c}"),
    "current": ("current", "현재"),
    "past": ("past", "과거"),
    "cited": ("cited", "인용"),
    "kept": ("kept", "사용"),
    "dropped": ("dropped", "제외"),
    "score": ("score {s}", "점수 {s}"),
    "page": ("p. {page}", "{page}쪽"),
    "dropped_fold": ("{n} passages dropped by the relevance check", "관련성 검사에서 제외된 구절 {n}개"),
    "route": ("Route", "경로"),
    "followup": ("Follow-up: “{phrase}” → {referent}; searched as: {standalone}",
                 "이어지는 질문: “{phrase}” → {referent}. 검색어: {standalone}"),
    "followup_llm": ("Follow-up (read by the model): searched as: {standalone}",
                     "이어지는 질문 (모델이 해석): 검색어: {standalone}"),
    "plan": ("Plan", "계획"), "plan_llm": ("Plan (by the model)", "계획 (모델이 작성)"),
    "plan_part": ("({n}) {text} — {q} queries, {p} passages", "({n}) {text} — 검색어 {q}개, 구절 {p}개"),
    "not_in_sources": ("Not in the sources", "근거에 없음"),
    "web_fallback": ("Web fallback: {n} page(s)", "웹 검색 대체: {n}쪽"),
    "verification": ("Check {n}", "점검 {n}"),
    "quality": ("quality {q}", "품질 {q}"),
    "supported": ("{a}/{b} claims supported", "주장 {b}개 중 {a}개 근거 있음"),
    "wrong_language": ("wrong language", "언어가 다름"),
    "missing": ("missing: {items}", "부족한 정보: {items}"),
    "docs_change": ("{added} new, {removed} gone", "새 문서 {added}개, 빠진 문서 {removed}개"),
    "docs_same": ("the same documents", "같은 문서"),
    # item names for the profile editor
    "slot.demographics": ("About you", "인적 정보"), "slot.conditions": ("Conditions", "질환"),
    "slot.symptoms": ("Symptoms", "증상"), "slot.medications": ("Medicines", "약"), "slot.vitals": ("Vital signs", "생체 신호"),
    "slot.labs": ("Lab results", "검사 결과"),
    "demo.age": ("Age", "나이"), "demo.age_group": ("Age group", "연령대"), "demo.gender": ("Sex", "성별"),
    "demo.is_pregnant": ("Pregnant", "임신"), "demo.pregnancy_weeks": ("Week of pregnancy", "임신 주수"),
    "value.male": ("male", "남성"), "value.female": ("female", "여성"), "value.True": ("yes", "예"),
    "value.False": ("no", "아니오"), "age_group": ("{g}s", "{g}대"),
    "badge.present": ("✅ present", "✅ 있음"), "badge.negated": ("🚫 negated", "🚫 없음"),
    "badge.family": ("👪 family", "👪 가족력"), "badge.historical": ("🕘 history", "🕘 과거력"),
    "badge.hypothetical": ("❓ asked about", "❓ 질문만"), "badge.reported": ("🗣 reported", "🗣 본인 설명"),
    "edit.correct": ("correct the value", "값 고치기"), "edit.no_longer_true": ("no longer true", "이제 아님"),
    "edit.remove": ("remove", "삭제"),
    "mode.AI Agent": ("AI agent", "AI 에이전트"), "mode.LLM": ("Model only", "언어 모델만"),
    "ablation.baseline": ("baseline", "기준선"), "ablation.full_context_engineering": (
        "full_context_engineering", "전체 맥락 공학"),
    "ablation.self_refine_dynamic_query": ("self_refine_dynamic_query", "자체 개선 + 동적 질의"),
    "ablation.self_refine_full_safety": ("self_refine_full_safety", "자체 개선 + 전체 안전 점검"),
    "ablation.self_refine_heuristic": ("self_refine_heuristic", "자체 개선 + 규칙 판정"),
    "ablation.self_refine_llm_quality": ("self_refine_llm_quality", "자체 개선 + 모델 판정"),
    "route.simple": ("answer directly", "바로 답변"), "route.rag_required": ("search the sources", "근거 검색"),
    "route.history_required": ("a follow-up to the conversation", "앞선 대화에 이어지는 질문"),
    "verdict.correct": ("relevant", "관련 있음"), "verdict.ambiguous": ("partly relevant", "일부만 관련"),
    "verdict.incorrect": ("not relevant", "관련 없음"),
    "judge.heuristic": ("rule-based check", "규칙 기반 점검"), "judge.llm": ("model verifier", "모델 검증"),
    "action.accept": ("accept", "수용"), "action.improve": ("improve the answer", "답변 개선"),
    "action.corrective": ("correct unsupported claims", "근거 없는 주장 수정"),
    "action.language": ("answer again in the right language", "올바른 언어로 다시 답변"),
    "action.retrieve": ("search again", "다시 검색"), "action.settle": ("keep the answer", "답변 유지"),
    "stop.quality_ok": ("good enough", "품질 충분"), "stop.verification_budget": ("verification budget used", "검증 횟수 소진"),
    "stop.language_retry_cap": ("language retries used up", "언어 재시도 한도"),
    "stop.hallucination_retry_cap": ("correction retries used up", "수정 재시도 한도"),
    "stop.grade_retry_cap": ("improvement retries used up", "개선 재시도 한도"),
    "stop.max_iterations": ("most searches allowed", "최대 검색 횟수"),
    "stop.duplicate_documents": ("the same documents came back", "같은 문서가 다시 나옴"),
    "stop.decline": ("quality fell", "품질 하락"), "stop.stagnation": ("no improvement", "개선 없음"),
    "stop.basic_rag": ("basic search, no refinement", "기본 검색 (개선 없음)"), "stop.llm_mode": ("model only", "언어 모델만"),
    "stop.refine_disabled": ("self-refine is off", "자체 개선 꺼짐"),
    "stop.no_retrieval_needed": ("no search needed", "검색 불필요"),
    "stop.not_covered": ("the sources do not cover it", "근거에서 다루지 않음"),
    "stop.cache_hit": ("answered from the cache", "저장된 답변 사용"), "stop.refused": ("refused", "거절"),
    "part.length": ("length", "길이"), "part.evidence": ("evidence", "근거"), "part.personalization": ("personal", "맞춤"),
    "part.completeness": ("completeness", "완전성"), "part.relevance": ("relevance", "관련성"),
    "part.clarity": ("clarity", "명확성"), "part.accuracy": ("accuracy", "정확성"),
    "judge.bypassed": ("not checked", "점검 생략"), "judge.not_covered": ("nothing to check", "점검할 근거 없음"),
    "review.clinician-verified": ("clinician-verified", "의료진 검증"),
    "review.corrected by a clinician": ("corrected by a clinician", "의료진 수정"),
}


def lang_of(value: str | None) -> str:
    """``ko`` for any Korean language tag (ko, ko-KR), else ``en``: the interface's two languages."""
    return "ko" if str(value or "").lower().startswith("ko") else "en"


def text(key: str, lang: str = "en", **values: object) -> str:
    """The text of ``key`` in ``lang``, filled with ``values`` when given."""
    template = TEXTS[key][1 if lang_of(lang) == "ko" else 0]
    return template.format(**values) if values else template


def term(kind: str, value: object, lang: str = "en") -> str:
    """A panel word (``kind.value``), or the value itself when the table does not know it."""
    key = f"{kind}.{value}"
    return text(key, lang) if key in TEXTS else str(value)


def choices(kind: str, values: tuple[str, ...] | list[str], lang: str = "en") -> list[tuple[str, str]]:
    """(label, value) pairs for a dropdown or radio: the values stay what the handlers and the API expect."""
    return [(term(kind, v, lang), v) for v in values]
