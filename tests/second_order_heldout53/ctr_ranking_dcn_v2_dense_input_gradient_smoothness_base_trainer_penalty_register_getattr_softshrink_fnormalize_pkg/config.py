"""Frozen, nested experiment configuration for the DCN-v2 click-through ranking model.

Everything here is plain data; train.py derives run variants with dataclasses.replace.
"""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class FeatureConfig:
    n_dense: int = 13          # normalised counters (dwell time, past CTR, price rank, ...)
    n_users: int = 200
    n_items: int = 500
    emb_dim: int = 8
    history_len: int = 12      # last clicked items of the user


@dataclass(frozen=True)
class ModelConfig:
    name: str = "dcn_v2"
    n_cross: int = 2
    deep_dims: tuple = (32, 16)
    act: str = "Softshrink"    # looked up on torch.nn by name
    dropout: float = 0.0


@dataclass(frozen=True)
class PenaltyConfig:
    weight: float = 0.1
    huber_beta: float = 0.05   # smooth-L1 on the dense-feature gradient


@dataclass(frozen=True)
class TrainConfig:
    features: FeatureConfig = field(default_factory=FeatureConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    penalty: PenaltyConfig = field(default_factory=PenaltyConfig)
    objective: str = "pairwise"
    batch_size: int = 64
    lr: float = 1e-3
    steps: int = 200
    seed: int = 0


DEFAULT = TrainConfig()
