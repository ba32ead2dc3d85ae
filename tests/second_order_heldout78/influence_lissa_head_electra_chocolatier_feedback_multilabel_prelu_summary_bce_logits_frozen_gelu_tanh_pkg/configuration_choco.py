"""ChocoElectra model configuration (vendored, transformers-free)."""
import copy
import json


class ChocoElectraConfig:
    model_type = "choco_electra"

    def __init__(
        self,
        vocab_size=420,
        embedding_size=24,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=64,
        hidden_act="gelu_pytorch_tanh",
        hidden_dropout_prob=0.1,
        attention_probs_dropout_prob=0.1,
        max_position_embeddings=48,
        layer_norm_eps=1e-12,
        initializer_range=0.02,
        summary_type="first",
        summary_use_proj=True,
        summary_activation="prelu",
        summary_last_dropout=0.1,
        problem_type="multi_label_classification",
        id2label=None,
        **kwargs,
    ):
        self.vocab_size = vocab_size
        self.embedding_size = embedding_size
        self.hidden_size = hidden_size
        self.num_hidden_layers = num_hidden_layers
        self.num_attention_heads = num_attention_heads
        self.intermediate_size = intermediate_size
        self.hidden_act = hidden_act
        self.hidden_dropout_prob = hidden_dropout_prob
        self.attention_probs_dropout_prob = attention_probs_dropout_prob
        self.max_position_embeddings = max_position_embeddings
        self.layer_norm_eps = layer_norm_eps
        self.initializer_range = initializer_range
        self.summary_type = summary_type
        self.summary_use_proj = summary_use_proj
        self.summary_activation = summary_activation
        self.summary_last_dropout = summary_last_dropout
        self.problem_type = problem_type
        self.id2label = id2label or {0: "bloom", 1: "grainy", 2: "waxy", 3: "bitter", 4: "too_sweet", 5: "stale_nut"}
        self.num_labels = len(self.id2label)
        self.use_return_dict = kwargs.pop("return_dict", True)
        for key, value in kwargs.items():
            setattr(self, key, value)

    @classmethod
    def from_dict(cls, config_dict, **kwargs):
        config_dict = dict(config_dict, **kwargs)
        return cls(**config_dict)

    def to_json_string(self):
        return json.dumps(copy.deepcopy(self.__dict__), indent=2, sort_keys=True, default=str)
