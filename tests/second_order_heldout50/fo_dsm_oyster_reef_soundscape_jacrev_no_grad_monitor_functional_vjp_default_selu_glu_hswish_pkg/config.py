"""Noise-conditional denoising score matching on reef soundscape indices (first order)."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    dim: int = 16             # acoustic indices: ACI, H, NDSI, band powers, snap rate, ...
    hidden: int = 64
    act: str = "selu"
    sigmas: tuple = (0.05, 0.1, 0.2, 0.5)
    lr: float = 1e-3
    steps: int = 6
    batch: int = 32
    monitor_every: int = 2
    monitor_points: int = 8
