"""Experiment settings (plain dataclasses, importable without torch)."""
from dataclasses import dataclass, field


@dataclass
class CriticSettings:
    blocks: list = field(default_factory=lambda: ["reflect_conv", "norm_conv"])
    channels: int = 8


@dataclass
class GeneratorSettings:
    latent: int = 12
    channels: int = 8


@dataclass
class TrainSettings:
    steps: int = 3
    n_critic: int = 2
    gp_weight: float = 10.0
    batch: int = 8
    length: int = 48


@dataclass
class Settings:
    critic: CriticSettings = field(default_factory=CriticSettings)
    generator: GeneratorSettings = field(default_factory=GeneratorSettings)
    train: TrainSettings = field(default_factory=TrainSettings)


SETTINGS = Settings()
