"""Multi-part questions: is every part covered by the retrieved passages (issue 18)?"""
