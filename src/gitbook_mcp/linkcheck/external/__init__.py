"""Outside URLs: the checker (`checker`), the network guard that refuses internal addresses
(`netguard`), the include/exclude and accepted-status rules (`urlrules`), the verdict cache
between runs (`urlcache`), retries (`retries`) and the pacing of requests per host (`paced`)."""

__all__: list[str] = []
