"""Everything Qt lives under this package."""
