from dataclasses import dataclass, field


@dataclass
class HP:
    channels: int = 6
    layout: list = field(default_factory=lambda: ["conv_prelu", "pool", "conv_prelu"])
    penalty: float = 0.1
    epochs: int = 2
