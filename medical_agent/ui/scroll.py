"""Where the chat scrolls when an answer arrives: to the start of the new turn, not to the end of the answer.

Gradio's chatbot follows the bottom of a growing message (``autoscroll``), so a reader of a long answer landed on
its last section ("Warnings in the sources") and had to scroll back up (issue 34). Autoscroll is off; this script
runs in the browser on every change of the chat and, once per new question, scrolls the chat so that the question
sits at the top: the steps and the answer then grow below it from their first line. It does nothing when the
number of questions has not changed, so it never fights a reader who scrolls while the answer is written.
"""

SCROLL_TO_NEW_ANSWER_JS = """
() => {
  const wrap = document.querySelector('#chatbot .bubble-wrap, #chatbot .panel-wrap');
  if (!wrap) return;
  const asked = wrap.querySelectorAll('.message-row.user-row');
  if (window.__medagentAsked === asked.length) return;
  window.__medagentAsked = asked.length;
  if (!asked.length) return;
  const last = asked[asked.length - 1];
  requestAnimationFrame(() => {
    wrap.scrollTop += last.getBoundingClientRect().top - wrap.getBoundingClientRect().top - 8;
  });
}
"""
