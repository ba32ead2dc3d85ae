#!/usr/bin/env python
"""Sharpness-Aware Minimization (Foret et al., 2021) for a tiny BERT-style classifier of mountain-hut
booking messages (reserve / cancel / half-board / route question / weather). Two first-order passes:
ascend to w + e(w) with the current gradient, take the gradient there, step from w."""
import argparse
import logging
import math
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

logger = logging.getLogger("huts_sam")
INTENTS = ["reserve", "cancel", "half_board", "route_question", "weather", "payment"]


class PytorchGELUTanh(nn.Module):
    def forward(self, input):
        return F.gelu(input, approximate="tanh")


ACT2FN = {"gelu": nn.GELU(), "gelu_pytorch_tanh": PytorchGELUTanh(), "relu": nn.ReLU(), "relu6": nn.ReLU6()}


@dataclass
class HutBertConfig:
    vocab_size: int = 300
    hidden_size: int = 32
    num_hidden_layers: int = 2
    num_attention_heads: int = 4
    intermediate_size: int = 64
    hidden_act: str = "gelu_pytorch_tanh"
    hidden_dropout_prob: float = 0.1
    max_position_embeddings: int = 32
    layer_norm_eps: float = 1e-12
    initializer_range: float = 0.02
    num_labels: int = len(INTENTS)


@dataclass
class SAMConfig:
    rho: float = 0.05
    adaptive: bool = False
    sam_create_graph: bool = False  # exact sharpness gradient (Hessian term) disabled, as in the paper


class HutBertLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.h = config.num_attention_heads
        self.d = config.hidden_size // config.num_attention_heads
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)
        self.ln1 = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.fc1 = nn.Linear(config.hidden_size, config.intermediate_size)
        self.act = ACT2FN[config.hidden_act]
        self.fc2 = nn.Linear(config.intermediate_size, config.hidden_size)
        self.ln2 = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.drop = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, x, mask):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h, self.d).permute(2, 0, 3, 1, 4)
        s = (q @ k.transpose(-1, -2)) / math.sqrt(self.d)
        s = s.masked_fill(mask[:, None, None, :] == 0, torch.finfo(s.dtype).min)
        ctx = (F.softmax(s, dim=-1) @ v).transpose(1, 2).reshape(b, t, -1)
        x = self.ln1(x + self.drop(self.proj(ctx)))
        return self.ln2(x + self.drop(self.fc2(self.act(self.fc1(x)))))


class HutBertForSequenceClassification(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=0)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.emb_ln = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.layer = nn.ModuleList([HutBertLayer(config) for _ in range(config.num_hidden_layers)])
        self.pooler = nn.Linear(config.hidden_size, config.hidden_size)
        self.classifier = nn.Linear(config.hidden_size, config.num_labels)
        self.post_init()

    def _init_weights(self, module):
        if isinstance(module, (nn.Linear, nn.Embedding)):
            module.weight.data.normal_(mean=0.0, std=self.config.initializer_range)
        if isinstance(module, nn.Linear) and module.bias is not None:
            module.bias.data.zero_()

    def post_init(self):
        self.apply(self._init_weights)

    def forward(self, input_ids, attention_mask, labels=None):
        pos = torch.arange(input_ids.size(1)).unsqueeze(0)
        x = self.emb_ln(self.word_embeddings(input_ids) + self.position_embeddings(pos))
        for layer in self.layer:
            x = layer(x, attention_mask)
        logits = self.classifier(torch.tanh(self.pooler(x[:, 0])))
        if labels is None:
            return logits
        lprobs = F.log_softmax(logits, dim=-1)
        return F.nll_loss(lprobs, labels), logits


class SAM:
    def __init__(self, params, base_optimizer, cfg: SAMConfig):
        self.params = [p for p in params if p.requires_grad]
        self.base_optimizer = base_optimizer
        self.cfg = cfg
        self.e_ws = None

    def _grad_norm(self, grads):
        scale = [torch.abs(p) if self.cfg.adaptive else 1.0 for p in self.params]
        return torch.norm(torch.stack([(s * g).norm(p=2) for s, g in zip(scale, grads)]), p=2)

    def first_step(self, loss):
        grads = torch.autograd.grad(loss, self.params, create_graph=self.cfg.sam_create_graph)
        with torch.no_grad():
            grad_norm = self._grad_norm(grads)
            self.e_ws = []
            for p, g in zip(self.params, grads):
                e_w = (torch.pow(p, 2) if self.cfg.adaptive else 1.0) * g * (self.cfg.rho / (grad_norm + 1e-12))
                p.add_(e_w)
                self.e_ws.append(e_w)
        return grad_norm.item()

    def second_step(self):
        with torch.no_grad():
            for p, e_w in zip(self.params, self.e_ws):
                p.sub_(e_w)
        self.base_optimizer.step()
        self.base_optimizer.zero_grad()


def make_messages(gen, n, seq_len, vocab):
    y = torch.randint(0, len(INTENTS), (n,), generator=gen)
    ids = torch.randint(50, vocab, (n, seq_len), generator=gen)
    ids[:, 0] = 1
    ids[:, 1:3] = 4 + 7 * y[:, None] + torch.randint(0, 7, (n, 2), generator=gen)
    return ids, torch.ones_like(ids), y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(17)
    gen = torch.Generator().manual_seed(17)
    config, sam_cfg = HutBertConfig(), SAMConfig()
    model = HutBertForSequenceClassification(config)
    sam = SAM(model.parameters(), torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9), sam_cfg)
    for step in range(args.steps):
        ids, mask, y = make_messages(gen, 16, 16, config.vocab_size)
        loss, _ = model(ids, mask, labels=y)
        gnorm = sam.first_step(loss)
        perturbed_loss, _ = model(ids, mask, labels=y)
        perturbed_loss.backward()
        sam.second_step()
        logger.info("step %d loss %.4f sharp-loss %.4f |g| %.4f", step, loss.item(), perturbed_loss.item(), gnorm)


if __name__ == "__main__":
    main()
