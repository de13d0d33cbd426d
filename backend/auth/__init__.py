"""Authentication: API keys and tenants."""
