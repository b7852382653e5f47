"""The LangGraph agent: typed state, ten nodes, routers, the compiled graph and a small facade."""
