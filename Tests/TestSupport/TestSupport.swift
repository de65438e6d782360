// Test doubles.
