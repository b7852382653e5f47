"""The agent as tools other assistants call (issue 36): ``search_medical_sources`` and ``ask_medical_question``.

``service.MedicalTools`` is the tools themselves, in plain Python over the running agent: what they read (the
knowledge base and public corpora, never anyone's uploads), what they keep (nothing: an answer runs on a
stateless twin of the agent, ``composition.stateless_agent``) and their argument checks. ``gradio_mcp`` publishes
them as Gradio API endpoints, which Gradio serves as MCP tools at ``/gradio_api/mcp/``.
"""

from .service import MedicalTools, ToolError

__all__ = ["MedicalTools", "ToolError"]
