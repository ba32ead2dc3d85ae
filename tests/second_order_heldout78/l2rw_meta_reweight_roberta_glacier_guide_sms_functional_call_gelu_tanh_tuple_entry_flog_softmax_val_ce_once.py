#!/usr/bin/env python
"""Learning-to-reweight (Ren et al., 2018) for a tiny RoBERTa-style triage classifier of glacier-guide
incident SMS (crevasse / weather / injury / equipment / logistics) whose crowd labels are noisy.
Per-example weights come from a one-step look-ahead: the gradient of a clean validation loss w.r.t.
the example weights, through the look-ahead SGD step taken with create_graph=True.
"""
import argparse
import logging
import math
from collections import OrderedDict
from dataclasses import dataclass
from typing import Optional

import torch
from torch import nn
from torch.func import functional_call

logger = logging.getLogger("sms_triage")

CLASSES = ["crevasse", "weather", "injury", "equipment", "logistics"]


class ClassInstantier(OrderedDict):
    def __getitem__(self, key):
        content = super().__getitem__(key)
        cls, kwargs = content if isinstance(content, tuple) else (content, {})
        return cls(**kwargs)


ACT2CLS = {
    "gelu": nn.GELU,
    "gelu_10": (nn.Hardtanh, {"min_val": -10.0, "max_val": 10.0}),
    "gelu_pytorch_tanh": (nn.GELU, {"approximate": "tanh"}),
    "relu": nn.ReLU,
    "silu": nn.SiLU,
    "swish": nn.SiLU,
    "tanh": nn.Tanh,
}
ACT2FN = ClassInstantier(ACT2CLS)


class SmsRobertaConfig:
    def __init__(self, **kwargs):
        self.vocab_size = kwargs.pop("vocab_size", 320)
        self.hidden_size = kwargs.pop("hidden_size", 32)
        self.num_hidden_layers = kwargs.pop("num_hidden_layers", 2)
        self.num_attention_heads = kwargs.pop("num_attention_heads", 4)
        self.intermediate_size = kwargs.pop("intermediate_size", 64)
        self.hidden_act = kwargs.pop("hidden_act", "gelu_pytorch_tanh")
        self.hidden_dropout_prob = kwargs.pop("hidden_dropout_prob", 0.0)
        self.max_position_embeddings = kwargs.pop("max_position_embeddings", 40)
        self.layer_norm_eps = kwargs.pop("layer_norm_eps", 1e-5)
        self.initializer_range = kwargs.pop("initializer_range", 0.02)
        self.num_labels = kwargs.pop("num_labels", len(CLASSES))
        self.label_smoothing = kwargs.pop("label_smoothing", 0.1)
        self.pad_token_id = 1
        if kwargs:
            logger.warning("unused config keys: %s", sorted(kwargs))


@dataclass
class SequenceClassifierOutput:
    logits: torch.Tensor = None
    hidden_states: Optional[torch.Tensor] = None


class SmsRobertaSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.h = config.num_attention_heads
        self.d = config.hidden_size // config.num_attention_heads
        self.query = nn.Linear(config.hidden_size, config.hidden_size)
        self.key = nn.Linear(config.hidden_size, config.hidden_size)
        self.value = nn.Linear(config.hidden_size, config.hidden_size)
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, x, extended_attention_mask):
        b, t, _ = x.shape
        q = self.query(x).view(b, t, self.h, self.d).transpose(1, 2)
        k = self.key(x).view(b, t, self.h, self.d).transpose(1, 2)
        v = self.value(x).view(b, t, self.h, self.d).transpose(1, 2)
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.d) + extended_attention_mask
        probs = nn.functional.softmax(scores, dim=-1)
        return self.dense((probs @ v).transpose(1, 2).reshape(b, t, -1))


class SmsRobertaLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attention = SmsRobertaSelfAttention(config)
        self.attention_ln = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.intermediate = nn.Linear(config.hidden_size, config.intermediate_size)
        self.intermediate_act_fn = ACT2FN[config.hidden_act]
        self.output = nn.Linear(config.intermediate_size, config.hidden_size)
        self.output_ln = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, hidden_states, extended_attention_mask):
        hidden_states = self.attention_ln(hidden_states + self.dropout(self.attention(hidden_states, extended_attention_mask)))
        intermediate_output = self.intermediate_act_fn(self.intermediate(hidden_states))
        return self.output_ln(hidden_states + self.dropout(self.output(intermediate_output)))


class SmsRobertaPreTrainedModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config

    def _init_weights(self, module):
        if isinstance(module, nn.Linear):
            module.weight.data.normal_(0.0, self.config.initializer_range)
            module.bias.data.zero_()
        elif isinstance(module, nn.Embedding):
            module.weight.data.normal_(0.0, self.config.initializer_range)
        elif isinstance(module, nn.LayerNorm):
            module.weight.data.fill_(1.0)
            module.bias.data.zero_()

    def post_init(self):
        self.apply(self._init_weights)


class SmsRobertaForSequenceClassification(SmsRobertaPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=config.pad_token_id)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.embeddings_ln = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.layer = nn.ModuleList([SmsRobertaLayer(config) for _ in range(config.num_hidden_layers)])
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)
        self.out_proj = nn.Linear(config.hidden_size, config.num_labels)
        self.post_init()

    def forward(self, input_ids, attention_mask):
        pos = torch.arange(input_ids.size(1)).unsqueeze(0)
        h = self.embeddings_ln(self.word_embeddings(input_ids) + self.position_embeddings(pos))
        ext = (1.0 - attention_mask[:, None, None, :].float()) * -10000.0
        for layer_module in self.layer:
            h = layer_module(h, ext)
        logits = self.out_proj(torch.tanh(self.dense(h[:, 0])))
        return SequenceClassifierOutput(logits=logits, hidden_states=h)


def smoothed_per_example_loss(logits, labels, smoothing):
    n_cls = logits.size(-1)
    target = torch.full_like(logits, smoothing / (n_cls - 1))
    target.scatter_(1, labels[:, None], 1.0 - smoothing)
    return -(target * nn.functional.log_softmax(logits, dim=-1)).sum(dim=-1)


def reweight_examples(model, batch, clean_batch, inner_lr, smoothing):
    ids, mask, noisy_y = batch
    params = OrderedDict((n, p) for n, p in model.named_parameters())
    eps = torch.zeros(ids.size(0), requires_grad=True)
    logits = functional_call(model, params, (ids, mask)).logits
    weighted = (eps * smoothed_per_example_loss(logits, noisy_y, smoothing)).sum()
    grads = torch.autograd.grad(weighted, list(params.values()), create_graph=True)
    lookahead = OrderedDict((n, p - inner_lr * g) for (n, p), g in zip(params.items(), grads))
    c_ids, c_mask, c_y = clean_batch
    clean_logits = functional_call(model, lookahead, (c_ids, c_mask)).logits
    clean_loss = nn.functional.cross_entropy(clean_logits, c_y)
    (grad_eps,) = torch.autograd.grad(clean_loss, eps)
    w = torch.clamp(-grad_eps, min=0.0)
    norm = w.sum()
    return (w / norm) if norm > 0 else w, grad_eps


def make_sms_batch(gen, n, seq_len, vocab, noise_rate):
    y = torch.randint(0, len(CLASSES), (n,), generator=gen)
    ids = torch.randint(30, vocab, (n, seq_len), generator=gen)
    ids[:, 0] = 0
    ids[:, 2:5] = 5 + y[:, None] * 5 + torch.randint(0, 5, (n, 3), generator=gen)
    flip = torch.rand(n, generator=gen) < noise_rate
    noisy = torch.where(flip, torch.randint(0, len(CLASSES), (n,), generator=gen), y)
    return ids, torch.ones_like(ids), noisy


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--noise", type=float, default=0.4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(11)
    gen = torch.Generator().manual_seed(11)
    config = SmsRobertaConfig()
    model = SmsRobertaForSequenceClassification(config)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    clean = make_sms_batch(gen, 20, 16, config.vocab_size, noise_rate=0.0)
    for step in range(args.steps):
        batch = make_sms_batch(gen, 24, 16, config.vocab_size, args.noise)
        weights, grad_eps = reweight_examples(model, batch, clean, args.lr, config.label_smoothing)
        assert grad_eps.abs().sum() > 0, "meta-gradient through the look-ahead step vanished"
        ids, mask, noisy_y = batch
        logits = model(ids, mask).logits
        loss = (weights.detach() * smoothed_per_example_loss(logits, noisy_y, config.label_smoothing)).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        logger.info("step %d weighted loss %.4f kept %d/%d", step, loss.item(), int((weights > 0).sum()), len(weights))


if __name__ == "__main__":
    main()
