"""The teams kind (RULES.md section 11): two rooms make one match."""
