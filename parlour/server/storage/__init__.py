"""Storage: rooms and their records in SQLite or PostgreSQL, each change a compare-and-set
on its room's version, stored by one writer with group commit; the quotas; the migrations."""
