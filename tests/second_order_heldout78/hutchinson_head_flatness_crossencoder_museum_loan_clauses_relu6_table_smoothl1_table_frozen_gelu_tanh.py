#!/usr/bin/env python
"""Head-only fine-tuning of a RoBERTa-style cross-encoder that scores how similar two museum loan
agreement clauses are (0-5), with a flatness regulariser: a Hutchinson estimate of tr(H) of the
head's regression loss (Rademacher probes, Hessian-vector products via create_graph=True).

The encoder is frozen and its features are computed under no_grad (as in head-only adaptation);
only the classification head is trained.
"""
import argparse
import logging
import math
from dataclasses import dataclass, field
from typing import Optional

import torch
from torch import nn

logger = logging.getLogger("loan_xenc")


class PytorchGELUTanh(nn.Module):
    def forward(self, input):
        return nn.functional.gelu(input, approximate="tanh")


class ClassInstantier(dict):
    def __getitem__(self, key):
        content = super().__getitem__(key)
        cls, kwargs = content if isinstance(content, tuple) else (content, {})
        return cls(**kwargs)


ACT2CLS = {
    "gelu": nn.GELU,
    "gelu_pytorch_tanh": PytorchGELUTanh,
    "relu": nn.ReLU,
    "relu6": nn.ReLU6,
    "silu": nn.SiLU,
    "tanh": nn.Tanh,
}
ACT2FN = ClassInstantier(ACT2CLS)

REGRESSION_LOSSES = {
    "mse": nn.MSELoss,
    "smooth_l1": nn.SmoothL1Loss,
    "l1": nn.L1Loss,
}


@dataclass
class LoanXEncConfig:
    vocab_size: int = 500
    hidden_size: int = 48
    num_hidden_layers: int = 2
    num_attention_heads: int = 4
    intermediate_size: int = 96
    hidden_act: str = "gelu_pytorch_tanh"
    classifier_act: str = "relu6"
    classifier_dropout: Optional[float] = None
    hidden_dropout_prob: float = 0.1
    max_position_embeddings: int = 80
    layer_norm_eps: float = 1e-5
    initializer_range: float = 0.02
    num_labels: int = 1
    problem_type: str = "regression"
    regression_loss: str = "smooth_l1"
    pad_token_id: int = 1
    extra: dict = field(default_factory=dict)


@dataclass
class SequenceClassifierOutput:
    loss: Optional[torch.Tensor] = None
    logits: torch.Tensor = None
    pooled: Optional[torch.Tensor] = None


class LoanXEncLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.num_heads = config.num_attention_heads
        self.head_dim = config.hidden_size // config.num_attention_heads
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.attn_out = nn.Linear(config.hidden_size, config.hidden_size)
        self.ln1 = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.intermediate = nn.Linear(config.hidden_size, config.intermediate_size)
        self.intermediate_act_fn = ACT2FN[config.hidden_act]
        self.output = nn.Linear(config.intermediate_size, config.hidden_size)
        self.ln2 = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, hidden_states, extended_attention_mask):
        b, t, d = hidden_states.shape
        q, k, v = self.qkv(hidden_states).view(b, t, 3, self.num_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head_dim) + extended_attention_mask
        probs = self.dropout(nn.functional.softmax(scores, dim=-1))
        ctx = torch.matmul(probs, v).transpose(1, 2).reshape(b, t, d)
        hidden_states = self.ln1(hidden_states + self.dropout(self.attn_out(ctx)))
        ffn = self.output(self.intermediate_act_fn(self.intermediate(hidden_states)))
        return self.ln2(hidden_states + self.dropout(ffn))


class LoanXEncClassificationHead(nn.Module):
    """Head for sentence-level classification / regression tasks (RobertaClassificationHead layout)."""

    def __init__(self, config):
        super().__init__()
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)
        classifier_dropout = config.classifier_dropout if config.classifier_dropout is not None else config.hidden_dropout_prob
        self.dropout = nn.Dropout(classifier_dropout)
        self.act = ACT2FN[config.classifier_act]
        self.out_proj = nn.Linear(config.hidden_size, config.num_labels)

    def forward(self, features):
        x = self.dropout(features[:, 0, :])
        x = self.dense(x)
        x = self.act(x)
        x = self.dropout(x)
        return self.out_proj(x)


class LoanXEncPreTrainedModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config

    def _init_weights(self, module):
        if isinstance(module, nn.Linear):
            nn.init.normal_(module.weight, std=self.config.initializer_range)
            if module.bias is not None:
                nn.init.zeros_(module.bias)
        elif isinstance(module, nn.Embedding):
            nn.init.normal_(module.weight, std=self.config.initializer_range)
        elif isinstance(module, nn.LayerNorm):
            nn.init.ones_(module.weight)
            nn.init.zeros_(module.bias)

    def post_init(self):
        self.apply(self._init_weights)

    def get_extended_attention_mask(self, attention_mask, dtype=torch.float32):
        extended = attention_mask[:, None, None, :].to(dtype)
        return (1.0 - extended) * torch.finfo(dtype).min


class LoanXEncForSequenceClassification(LoanXEncPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=config.pad_token_id)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.emb_ln = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.layer = nn.ModuleList([LoanXEncLayer(config) for _ in range(config.num_hidden_layers)])
        self.classifier = LoanXEncClassificationHead(config)
        self.post_init()

    def encode(self, input_ids, attention_mask):
        pos = torch.arange(input_ids.size(1)).unsqueeze(0)
        h = self.emb_ln(self.word_embeddings(input_ids) + self.position_embeddings(pos))
        ext = self.get_extended_attention_mask(attention_mask)
        for layer_module in self.layer:
            h = layer_module(h, ext)
        return h

    def compute_loss(self, logits, labels):
        if self.config.problem_type == "regression":
            loss_fct = REGRESSION_LOSSES[self.config.regression_loss]()
            return loss_fct(logits.squeeze(-1), labels)
        raise ValueError(self.config.problem_type)

    def forward(self, input_ids=None, attention_mask=None, features=None, labels=None):
        if features is None:
            features = self.encode(input_ids, attention_mask)
        logits = self.classifier(features)
        loss = self.compute_loss(logits, labels) if labels is not None else None
        return SequenceClassifierOutput(loss=loss, logits=logits)


def hutchinson_trace(loss, params, n_probes=2):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    trace = 0.0
    for _ in range(n_probes):
        vs = [torch.randint_like(p, 0, 2) * 2.0 - 1.0 for p in params]
        gv = sum((g * v).sum() for g, v in zip(grads, vs))
        hvs = torch.autograd.grad(gv, params, create_graph=True)
        trace = trace + sum((hv * v).sum() for hv, v in zip(hvs, vs))
    return trace / n_probes


def make_clause_pairs(gen, n, seq_len, vocab_size):
    """'<s> clause A </s></s> clause B </s>' with a similarity score given by shared clause-type tokens."""
    a_type = torch.randint(0, 8, (n,), generator=gen)
    b_type = torch.where(torch.rand(n, generator=gen) < 0.5, a_type, torch.randint(0, 8, (n,), generator=gen))
    ids = torch.randint(40, vocab_size, (n, seq_len), generator=gen)
    half = seq_len // 2
    ids[:, 0] = 0
    ids[:, 1:4] = 10 + a_type[:, None] * 3 + torch.arange(3)
    ids[:, half] = 2
    ids[:, half + 1: half + 4] = 10 + b_type[:, None] * 3 + torch.arange(3)
    score = 5.0 * (a_type == b_type).float() * (0.7 + 0.3 * torch.rand(n, generator=gen))
    mask = torch.ones_like(ids)
    return ids, mask, score


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--flatness", type=float, default=0.01)
    parser.add_argument("--lr", type=float, default=2e-3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(message)s")
    torch.manual_seed(5)
    gen = torch.Generator().manual_seed(5)
    config = LoanXEncConfig()
    model = LoanXEncForSequenceClassification(config)
    for p in model.parameters():
        p.requires_grad_(False)
    head_params = list(model.classifier.parameters())
    for p in head_params:
        p.requires_grad_(True)
    optimizer = torch.optim.Adam(head_params, lr=args.lr)

    for step in range(args.steps):
        ids, mask, score = make_clause_pairs(gen, 16, 24, config.vocab_size)
        with torch.no_grad():
            features = model.encode(ids, mask)
        out = model(features=features, labels=score)
        trace = hutchinson_trace(out.loss, head_params)
        total = out.loss + args.flatness * trace
        optimizer.zero_grad()
        total.backward()
        if step == 0:
            assert model.classifier.dense.weight.grad is not None
            assert torch.isfinite(trace)
        optimizer.step()
        logger.info("step %d loss %.4f tr(H)~%.4f", step, out.loss.item(), trace.item())


if __name__ == "__main__":
    main()
