"""`eval documents`: page-level retrieval over a folder of documents, and what ingesting them costs."""
