from dataclasses import dataclass


@dataclass
class PricingConfig:
    kappa: float = 0.8
    theta: float = 0.05
    sigma: float = 0.02
    width: int = 48
    depth: int = 3
    activation: str = "tanh"
    lr: float = 1e-3
