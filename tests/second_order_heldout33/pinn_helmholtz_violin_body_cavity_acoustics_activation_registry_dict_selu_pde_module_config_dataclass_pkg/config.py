from dataclasses import dataclass, field


@dataclass
class CavityConfig:
    wavenumber: float = 3.0
    widths: list = field(default_factory=lambda: [2, 32, 32, 1])
    activation: str = "selu"
    n_interior: int = 64
    n_wall: int = 32
    epochs: int = 3
    lr: float = 2e-3
