"""Registers the `judge` marker for the torch.export-backed tests; nothing else lives here."""


def pytest_configure(config):
    config.addinivalue_line("markers", "judge: runs torch.export on the dynamic-shape corpus (slow, needs torch)")
