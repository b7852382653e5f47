"""Profile evaluation: Synthea FHIR patients, the utterances that state their facts, and profile scoring."""
