"""One module per resource group, as the API groups its operations."""
