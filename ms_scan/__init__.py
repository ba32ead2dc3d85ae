"""ms-scan: a static scanner that tells what breaks when a PyTorch project moves to MindSpore."""
__version__ = "0.1.0"
