"""The /v1 route modules, one per resource."""
