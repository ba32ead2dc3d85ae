#!/usr/bin/env python
"""Continual fine-tuning of a tiny BERT-style classifier on postal sorting-office complaints:
task A (parcel issues) then task B (letter issues) with Elastic Weight Consolidation. The diagonal
Fisher comes from squared per-example first-order gradients of log p(y|x); the encoder uses
gradient checkpointing (recompute-in-backward) to save activation memory."""
import argparse
import logging
import math
from dataclasses import dataclass

import torch
import torch.nn.functional as F
import torch.utils.checkpoint
from torch import nn

logger = logging.getLogger("postal_ewc")


class PytorchGELUTanh(nn.Module):
    def forward(self, input):
        return F.gelu(input, approximate="tanh")


class ClassInstantier(dict):
    def __getitem__(self, key):
        content = super().__getitem__(key)
        cls, kwargs = content if isinstance(content, tuple) else (content, {})
        return cls(**kwargs)


ACT2FN = ClassInstantier({"gelu": nn.GELU, "gelu_pytorch_tanh": PytorchGELUTanh, "prelu": nn.PReLU, "relu": nn.ReLU})


@dataclass
class PostBertConfig:
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
    num_labels: int = 4
    gradient_checkpointing: bool = True


class PostBertLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.h = config.num_attention_heads
        self.d = config.hidden_size // config.num_attention_heads
        self.query = nn.Linear(config.hidden_size, config.hidden_size)
        self.key = nn.Linear(config.hidden_size, config.hidden_size)
        self.value = nn.Linear(config.hidden_size, config.hidden_size)
        self.attn_out = nn.Linear(config.hidden_size, config.hidden_size)
        self.ln1 = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.intermediate = nn.Linear(config.hidden_size, config.intermediate_size)
        self.intermediate_act_fn = ACT2FN[config.hidden_act]
        self.output = nn.Linear(config.intermediate_size, config.hidden_size)
        self.ln2 = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, x, ext_mask):
        b, t, _ = x.shape
        sh = lambda z: z.view(b, t, self.h, self.d).transpose(1, 2)
        s = sh(self.query(x)) @ sh(self.key(x)).transpose(-1, -2) / math.sqrt(self.d) + ext_mask
        ctx = (F.softmax(s, dim=-1) @ sh(self.value(x))).transpose(1, 2).reshape(b, t, -1)
        x = self.ln1(x + self.dropout(self.attn_out(ctx)))
        return self.ln2(x + self.dropout(self.output(self.intermediate_act_fn(self.intermediate(x)))))


class PostBertForSequenceClassification(nn.Module):
    supports_gradient_checkpointing = True

    def __init__(self, config):
        super().__init__()
        self.config = config
        self.gradient_checkpointing = config.gradient_checkpointing
        self.embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=0)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.emb_ln = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.layer = nn.ModuleList([PostBertLayer(config) for _ in range(config.num_hidden_layers)])
        self.classifier = nn.Linear(config.hidden_size, config.num_labels)
        self.apply(self._init_weights)

    def _init_weights(self, module):
        if isinstance(module, (nn.Linear, nn.Embedding)):
            module.weight.data.normal_(mean=0.0, std=self.config.initializer_range)
        if isinstance(module, nn.Linear) and module.bias is not None:
            module.bias.data.zero_()

    def forward(self, input_ids, attention_mask):
        pos = torch.arange(input_ids.size(1)).unsqueeze(0)
        x = self.emb_ln(self.embeddings(input_ids) + self.position_embeddings(pos))
        ext = (1.0 - attention_mask[:, None, None, :].float()) * -10000.0
        for layer_module in self.layer:
            if self.gradient_checkpointing and self.training:
                x = torch.utils.checkpoint.checkpoint(layer_module, x, ext, use_reentrant=False)
            else:
                x = layer_module(x, ext)
        return self.classifier(x[:, 0])


def diagonal_fisher(model, ids, mask, n_samples=16):
    params = [p for p in model.parameters() if p.requires_grad]
    fisher = [torch.zeros_like(p) for p in params]
    model.eval()
    for i in range(n_samples):
        logits = model(ids[i: i + 1], mask[i: i + 1])
        log_probs = F.log_softmax(logits, dim=-1)
        y = torch.distributions.Categorical(logits=logits.detach()).sample()
        grads = torch.autograd.grad(log_probs[0, y[0]], params, create_graph=False)
        for f, g in zip(fisher, grads):
            f += g.detach() ** 2 / n_samples
    model.train()
    return fisher


def ewc_penalty(model, fisher, anchor):
    return sum((f * (p - a) ** 2).sum() for p, f, a in zip(model.parameters(), fisher, anchor))


def make_batch(gen, n, task, vocab=300, seq_len=16):
    y = torch.randint(0, 4, (n,), generator=gen)
    ids = torch.randint(60, vocab, (n, seq_len), generator=gen)
    ids[:, 0] = 1
    ids[:, 1:3] = 5 + task * 25 + 5 * y[:, None] + torch.randint(0, 5, (n, 2), generator=gen)
    return ids, torch.ones_like(ids), y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps_per_task", type=int, default=4)
    ap.add_argument("--ewc_lambda", type=float, default=100.0)
    ap.add_argument("--distill_temperature", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(9)
    gen = torch.Generator().manual_seed(9)
    model = PostBertForSequenceClassification(PostBertConfig())
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    kl = nn.KLDivLoss(reduction="batchmean")

    for step in range(args.steps_per_task):
        ids, mask, y = make_batch(gen, 16, task=0)
        loss = F.cross_entropy(model(ids, mask), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        logger.info("task A step %d ce %.4f", step, loss.item())

    ids_a, mask_a, _ = make_batch(gen, 16, task=0)
    fisher = diagonal_fisher(model, ids_a, mask_a)
    anchor = [p.detach().clone() for p in model.parameters()]
    with torch.no_grad():
        model.eval()
        old_logits = model(ids_a, mask_a)
        model.train()
    logger.info("fisher mass %.3e", sum(f.sum() for f in fisher).item())

    for step in range(args.steps_per_task):
        ids, mask, y = make_batch(gen, 16, task=1)
        ce = F.cross_entropy(model(ids, mask), y)
        t = args.distill_temperature
        lwf = kl(F.log_softmax(model(ids_a, mask_a) / t, dim=-1), F.softmax(old_logits / t, dim=-1)) * t * t
        penalty = ewc_penalty(model, fisher, anchor)
        loss = ce + 0.5 * lwf + args.ewc_lambda * penalty
        opt.zero_grad()
        loss.backward()
        opt.step()
        logger.info("task B step %d ce %.4f lwf %.4f ewc %.3e", step, ce.item(), lwf.item(), penalty.item())


if __name__ == "__main__":
    main()
