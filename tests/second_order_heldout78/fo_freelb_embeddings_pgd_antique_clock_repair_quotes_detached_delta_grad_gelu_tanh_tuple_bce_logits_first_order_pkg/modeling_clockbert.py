"""ClockBert: tiny BERT-style encoder with a multi-label head (vendored modeling code)."""
import math
from collections import OrderedDict
from dataclasses import dataclass
from typing import Optional

import torch
from torch import nn


class ClassInstantier(OrderedDict):
    def __getitem__(self, key):
        content = super().__getitem__(key)
        cls, kwargs = content if isinstance(content, tuple) else (content, {})
        return cls(**kwargs)


ACT2CLS = {
    "gelu": nn.GELU,
    "gelu_pytorch_tanh": (nn.GELU, {"approximate": "tanh"}),
    "relu": nn.ReLU,
    "relu6": nn.ReLU6,
    "silu": nn.SiLU,
}
ACT2FN = ClassInstantier(ACT2CLS)


@dataclass
class SequenceClassifierOutput:
    loss: Optional[torch.Tensor] = None
    logits: torch.Tensor = None


class ClockBertLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.h = config.num_attention_heads
        self.d = config.hidden_size // config.num_attention_heads
        self.query = nn.Linear(config.hidden_size, config.hidden_size)
        self.key = nn.Linear(config.hidden_size, config.hidden_size)
        self.value = nn.Linear(config.hidden_size, config.hidden_size)
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)
        self.LayerNorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.intermediate = nn.Linear(config.hidden_size, config.intermediate_size)
        self.intermediate_act_fn = ACT2FN[config.hidden_act]
        self.output = nn.Linear(config.intermediate_size, config.hidden_size)
        self.output_LayerNorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, x, attention_mask):
        b, t, _ = x.shape
        split = lambda z: z.view(b, t, self.h, self.d).transpose(1, 2)
        scores = split(self.query(x)) @ split(self.key(x)).transpose(-1, -2) / math.sqrt(self.d)
        scores = scores.masked_fill(attention_mask[:, None, None, :] == 0, torch.finfo(scores.dtype).min)
        ctx = (nn.functional.softmax(scores, dim=-1) @ split(self.value(x))).transpose(1, 2).reshape(b, t, -1)
        x = self.LayerNorm(x + self.dropout(self.dense(ctx)))
        return self.output_LayerNorm(x + self.dropout(self.output(self.intermediate_act_fn(self.intermediate(x)))))


class ClockBertPreTrainedModel(nn.Module):
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


class ClockBertForSequenceClassification(ClockBertPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=0)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.emb_LayerNorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.layer = nn.ModuleList([ClockBertLayer(config) for _ in range(config.num_hidden_layers)])
        self.pooler = nn.Linear(config.hidden_size, config.hidden_size)
        self.classifier = nn.Linear(config.hidden_size, config.num_labels)
        self.post_init()

    def get_input_embeddings(self):
        return self.word_embeddings

    def forward(self, input_ids=None, attention_mask=None, inputs_embeds=None, labels=None):
        if inputs_embeds is None:
            inputs_embeds = self.word_embeddings(input_ids)
        pos = torch.arange(inputs_embeds.size(1)).unsqueeze(0)
        x = self.emb_LayerNorm(inputs_embeds + self.position_embeddings(pos))
        for layer_module in self.layer:
            x = layer_module(x, attention_mask)
        logits = self.classifier(torch.tanh(self.pooler(x[:, 0])))
        loss = None
        if labels is not None:
            if self.config.problem_type == "multi_label_classification":
                loss = nn.functional.binary_cross_entropy_with_logits(logits, labels)
            else:
                loss = nn.functional.cross_entropy(logits, labels)
        return SequenceClassifierOutput(loss=loss, logits=logits)
