"""`python -m index_builder`: the command-line shell over ``medical_agent.indexing`` (build an index, build
the MedCAT pack) and the concept-table research scripts. It imports ``medical_agent``, never the reverse."""
