from dataclasses import dataclass, field


@dataclass
class GatherConfig:
    """Cooling of a molten glass gather on a blowpipe: radial heat equation with radiative loss."""
    hidden: int = 32
    depth: int = 3
    activation: str = "tanh"
    gated: bool = False
    kappa: float = 0.08
    lr: float = 1e-3
    epochs: int = 3
    loss_weights: dict = field(default_factory=lambda: {"pde": 1.0, "ic": 10.0, "bc": 5.0})
