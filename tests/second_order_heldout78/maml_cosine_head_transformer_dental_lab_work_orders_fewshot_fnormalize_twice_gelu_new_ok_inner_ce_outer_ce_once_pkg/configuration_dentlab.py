"""Configuration for the tiny DentLab encoder used for few-shot work-order intent classification."""
from dataclasses import asdict, dataclass


@dataclass
class DentLabConfig:
    vocab_size: int = 300
    hidden_size: int = 32
    num_hidden_layers: int = 2
    num_attention_heads: int = 4
    intermediate_size: int = 64
    hidden_act: str = "gelu_new"
    hidden_dropout_prob: float = 0.0
    max_position_embeddings: int = 32
    layer_norm_eps: float = 1e-12
    initializer_range: float = 0.02
    num_labels: int = 5
    cosine_scale: float = 10.0

    def to_dict(self):
        return asdict(self)


@dataclass
class MetaConfig:
    n_way: int = 5
    k_shot: int = 2
    n_query: int = 3
    inner_steps: int = 2
    inner_lr: float = 0.1
    outer_lr: float = 1e-3
    first_order: bool = False
    meta_batch_size: int = 2
    meta_iterations: int = 3
