from dataclasses import dataclass


@dataclass
class PBConfig:
    """Non-dimensional Poisson-Boltzmann problem for a 1:1 electrolyte next to a charged wall.

    psi'' = kappa^2 sinh(psi) on (0, L), psi(0) = psi_wall, psi(L) = 0.
    """

    kappa: float = 2.0
    psi_wall: float = 1.5
    length: float = 4.0
    act: str = "tanh"
    width: int = 32
    depth: int = 3
    n_col: int = 96
    iters: int = 3
    lr: float = 1e-3
