"""Nested run configuration (a stand-in for an OmegaConf/hydra tree, attribute access)."""
from types import SimpleNamespace as Node

CFG = Node(
    data=Node(size=16, batch=16, n_crests=6),
    model=Node(zdim=16, g_width=32, d_width=16, upsample="nearest"),
    optim=Node(lr=2e-4, steps=3),
    reg=Node(consensus_gamma=0.1),
)
