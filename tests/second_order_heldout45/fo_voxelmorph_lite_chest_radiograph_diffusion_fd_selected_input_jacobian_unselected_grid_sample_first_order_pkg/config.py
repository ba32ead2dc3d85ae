"""Unsupervised deformable registration of follow-up chest radiographs (VoxelMorph-style, 2-D)."""
from dataclasses import dataclass


@dataclass
class RegConfig:
    size: int = 32
    base: int = 8
    norm_groups: int = 4
    similarity: str = "ncc"            # losses.SIMILARITIES key
    smoothness: str = "diffusion_fd"   # regularisers.REGULARISERS key
    smooth_weight: float = 1.0
    ncc_window: int = 5
    log_grad_graph: bool = False       # keep the graph of the logged flow-gradient (debug only)
    batch: int = 4
    steps: int = 3
    lr: float = 1e-3
