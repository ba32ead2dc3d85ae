"""ElectraLite configuration (generator and discriminator share the class; sizes differ)."""


class ElectraLiteConfig:
    model_type = "electra_lite"

    def __init__(self, vocab_size=256, embedding_size=24, hidden_size=32, num_hidden_layers=2,
                 num_attention_heads=4, intermediate_size=64, hidden_act="gelu_pytorch_tanh",
                 hidden_dropout_prob=0.1, attention_probs_dropout_prob=0.1, max_position_embeddings=40,
                 layer_norm_eps=1e-12, initializer_range=0.02, pad_token_id=0, mask_token_id=3, **kwargs):
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
        self.pad_token_id = pad_token_id
        self.mask_token_id = mask_token_id
        self.use_return_dict = kwargs.pop("return_dict", True)
        for key, value in kwargs.items():
            setattr(self, key, value)


GENERATOR_KWARGS = dict(hidden_size=16, intermediate_size=32, num_attention_heads=2)
