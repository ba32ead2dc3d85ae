"""ClockBert configuration + FreeLB hyper-parameters."""
from dataclasses import dataclass


@dataclass
class ClockBertConfig:
    vocab_size: int = 320
    hidden_size: int = 32
    num_hidden_layers: int = 2
    num_attention_heads: int = 4
    intermediate_size: int = 64
    hidden_act: str = "gelu_pytorch_tanh"
    hidden_dropout_prob: float = 0.1
    max_position_embeddings: int = 32
    layer_norm_eps: float = 1e-12
    initializer_range: float = 0.02
    num_labels: int = 4  # multi-label: movement / case / dial / chime work needed
    problem_type: str = "multi_label_classification"


@dataclass
class FreeLBArgs:
    adv_K: int = 3
    adv_lr: float = 1e-2
    adv_init_mag: float = 2e-2
    adv_max_norm: float = 0.0
    adv_norm_type: str = "l2"
    keep_delta_graph: bool = False
