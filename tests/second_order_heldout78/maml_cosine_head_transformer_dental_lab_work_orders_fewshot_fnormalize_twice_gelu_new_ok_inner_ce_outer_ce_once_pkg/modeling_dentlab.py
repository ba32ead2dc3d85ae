"""Tiny BERT-style encoder with a cosine-similarity classification head (vendored, no transformers)."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class NewGELUActivation(nn.Module):
    def forward(self, input):
        return 0.5 * input * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * torch.pow(input, 3.0))))


class PytorchGELUTanh(nn.Module):
    def forward(self, input):
        return F.gelu(input, approximate="tanh")


class FastGELUActivation(nn.Module):
    def forward(self, input):
        return 0.5 * input * (1.0 + torch.tanh(input * 0.7978845608 * (1.0 + 0.044715 * input * input)))


ACT2CLS = {
    "gelu": nn.GELU,
    "gelu_fast": FastGELUActivation,
    "gelu_new": NewGELUActivation,
    "gelu_pytorch_tanh": PytorchGELUTanh,
    "relu": nn.ReLU,
    "silu": nn.SiLU,
}


class DentLabLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.h = config.num_attention_heads
        self.d = config.hidden_size // config.num_attention_heads
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.o = nn.Linear(config.hidden_size, config.hidden_size)
        self.ln_attn = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.fc_in = nn.Linear(config.hidden_size, config.intermediate_size)
        self.act = ACT2CLS[config.hidden_act]()
        self.fc_out = nn.Linear(config.intermediate_size, config.hidden_size)
        self.ln_ffn = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, x, attention_mask):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h, self.d).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d)
        scores = scores.masked_fill(attention_mask[:, None, None, :] == 0, -1e4)
        ctx = (nn.functional.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(b, t, -1)
        x = self.ln_attn(x + self.dropout(self.o(ctx)))
        return self.ln_ffn(x + self.dropout(self.fc_out(self.act(self.fc_in(x)))))


class DentLabPreTrainedModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config

    def _init_weights(self, module):
        if isinstance(module, nn.Linear):
            module.weight.data.normal_(mean=0.0, std=self.config.initializer_range)
            if module.bias is not None:
                module.bias.data.zero_()
        elif isinstance(module, nn.Embedding):
            module.weight.data.normal_(mean=0.0, std=self.config.initializer_range)
        elif isinstance(module, nn.LayerNorm):
            module.bias.data.zero_()
            module.weight.data.fill_(1.0)

    def post_init(self):
        self.apply(self._init_weights)


class CosineClassifier(nn.Module):
    def __init__(self, hidden_size, num_labels, scale):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(num_labels, hidden_size) * 0.1)
        self.scale = scale

    def forward(self, pooled):
        feats = F.normalize(pooled, dim=-1)
        protos = F.normalize(self.weight, dim=-1)
        return self.scale * feats @ protos.t()


class DentLabForSequenceClassification(DentLabPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=0)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.emb_ln = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.layers = nn.ModuleList([DentLabLayer(config) for _ in range(config.num_hidden_layers)])
        self.classifier = CosineClassifier(config.hidden_size, config.num_labels, config.cosine_scale)
        self.post_init()

    def forward(self, input_ids, attention_mask):
        pos = torch.arange(input_ids.size(1)).unsqueeze(0)
        x = self.emb_ln(self.embeddings(input_ids) + self.position_embeddings(pos))
        for layer in self.layers:
            x = layer(x, attention_mask)
        denom = attention_mask.sum(1, keepdim=True).clamp(min=1).float()
        pooled = (x * attention_mask[..., None]).sum(1) / denom
        return self.classifier(pooled)
