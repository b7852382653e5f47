"""The Gradio demo: one class per panel (chat, slots, profile, documents, refine log), wired in app.py."""
