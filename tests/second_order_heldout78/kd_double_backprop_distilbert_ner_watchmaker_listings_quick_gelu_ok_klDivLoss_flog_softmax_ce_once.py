#!/usr/bin/env python
"""Distil a token-classification (NER) teacher into a tiny DistilBERT-style student on watchmaker
auction listings (CALIBRE / MAKER / MOVEMENT / CASE tags). The distillation term is made
input-smooth: the squared norm of d KD / d inputs_embeds is penalised (double backprop).

Layout follows modeling_distilbert.py: Embeddings, MultiHeadSelfAttention, FFN, TransformerBlock.
"""
import argparse
import logging
import math
from dataclasses import dataclass
from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn

logger = logging.getLogger(__name__)

TAGS = ["O", "B-MAKER", "I-MAKER", "B-CALIBRE", "B-MOVEMENT", "B-CASE", "I-CASE"]


class QuickGELUActivation(nn.Module):
    def forward(self, input):
        return input * torch.sigmoid(1.702 * input)


class GELUActivation(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = nn.functional.gelu

    def forward(self, input):
        return self.act(input)


ACT2FN = {"gelu": GELUActivation, "quick_gelu": QuickGELUActivation, "relu": nn.ReLU, "silu": nn.SiLU}


def get_activation(activation_string):
    if activation_string in ACT2FN:
        return ACT2FN[activation_string]()
    raise KeyError(f"function {activation_string} not found in ACT2FN mapping {list(ACT2FN.keys())}")


class WatchDistilConfig:
    def __init__(self, vocab_size=400, max_position_embeddings=64, dim=32, n_layers=2, n_heads=4,
                 hidden_dim=64, dropout=0.1, attention_dropout=0.1, activation="quick_gelu",
                 initializer_range=0.02, num_labels=len(TAGS), **kwargs):
        self.vocab_size = vocab_size
        self.max_position_embeddings = max_position_embeddings
        self.dim = dim
        self.n_layers = n_layers
        self.n_heads = n_heads
        self.hidden_dim = hidden_dim
        self.dropout = dropout
        self.attention_dropout = attention_dropout
        self.activation = activation
        self.initializer_range = initializer_range
        self.num_labels = num_labels
        for key, value in kwargs.items():
            setattr(self, key, value)


@dataclass
class TokenClassifierOutput:
    loss: Optional[torch.Tensor] = None
    logits: torch.Tensor = None


class Embeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.word_embeddings = nn.Embedding(config.vocab_size, config.dim, padding_idx=0)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.dim)
        self.LayerNorm = nn.LayerNorm(config.dim, eps=1e-12)
        self.dropout = nn.Dropout(config.dropout)

    def forward(self, input_ids=None, inputs_embeds=None):
        if inputs_embeds is None:
            inputs_embeds = self.word_embeddings(input_ids)
        position_ids = torch.arange(inputs_embeds.size(1), dtype=torch.long).unsqueeze(0)
        return self.dropout(self.LayerNorm(inputs_embeds + self.position_embeddings(position_ids)))


class MultiHeadSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.n_heads = config.n_heads
        self.dim = config.dim
        self.dropout = nn.Dropout(p=config.attention_dropout)
        self.q_lin = nn.Linear(config.dim, config.dim)
        self.k_lin = nn.Linear(config.dim, config.dim)
        self.v_lin = nn.Linear(config.dim, config.dim)
        self.out_lin = nn.Linear(config.dim, config.dim)

    def forward(self, query, key, value, mask):
        bs, q_length, dim = query.size()
        k_length = key.size(1)
        dim_per_head = self.dim // self.n_heads
        mask_reshp = (bs, 1, 1, k_length)

        def shape(x):
            return x.view(bs, -1, self.n_heads, dim_per_head).transpose(1, 2)

        def unshape(x):
            return x.transpose(1, 2).contiguous().view(bs, -1, self.n_heads * dim_per_head)

        q = shape(self.q_lin(query)) / math.sqrt(dim_per_head)
        k = shape(self.k_lin(key))
        v = shape(self.v_lin(value))
        scores = torch.matmul(q, k.transpose(2, 3))
        mask = (mask == 0).view(mask_reshp).expand_as(scores)
        scores = scores.masked_fill(mask, torch.tensor(torch.finfo(scores.dtype).min))
        weights = nn.functional.softmax(scores, dim=-1)
        weights = self.dropout(weights)
        context = unshape(torch.matmul(weights, v))
        return self.out_lin(context)


class FFN(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.dropout = nn.Dropout(p=config.dropout)
        self.lin1 = nn.Linear(config.dim, config.hidden_dim)
        self.lin2 = nn.Linear(config.hidden_dim, config.dim)
        self.activation = get_activation(config.activation)

    def forward(self, input):
        return self.dropout(self.lin2(self.activation(self.lin1(input))))


class TransformerBlock(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attention = MultiHeadSelfAttention(config)
        self.sa_layer_norm = nn.LayerNorm(normalized_shape=config.dim, eps=1e-12)
        self.ffn = FFN(config)
        self.output_layer_norm = nn.LayerNorm(normalized_shape=config.dim, eps=1e-12)

    def forward(self, x, attn_mask):
        sa_output = self.sa_layer_norm(self.attention(x, x, x, attn_mask) + x)
        return self.output_layer_norm(self.ffn(sa_output) + sa_output)


class DistilPreTrainedModel(nn.Module):
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


class DistilForTokenClassification(DistilPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.embeddings = Embeddings(config)
        self.layer = nn.ModuleList([TransformerBlock(config) for _ in range(config.n_layers)])
        self.dropout = nn.Dropout(config.dropout)
        self.classifier = nn.Linear(config.dim, config.num_labels)
        self.post_init()

    def forward(self, input_ids=None, attention_mask=None, inputs_embeds=None, labels=None):
        hidden = self.embeddings(input_ids, inputs_embeds)
        for layer_module in self.layer:
            hidden = layer_module(hidden, attention_mask)
        logits = self.classifier(self.dropout(hidden))
        loss = None
        if labels is not None:
            loss = F.cross_entropy(logits.view(-1, self.config.num_labels), labels.view(-1), ignore_index=-100)
        return TokenClassifierOutput(loss=loss, logits=logits)


class DistillationLoss(nn.Module):
    """Hinton KD on the token logits, temperature-scaled, masked to real tokens."""

    def __init__(self, temperature=2.0):
        super().__init__()
        self.temperature = temperature
        self.kl = nn.KLDivLoss(reduction="batchmean")

    def forward(self, student_logits, teacher_logits, attention_mask):
        keep = attention_mask.view(-1).bool()
        t = self.temperature
        s = student_logits.view(-1, student_logits.size(-1))[keep]
        with torch.no_grad():
            teacher_probs = F.softmax(teacher_logits.view(-1, teacher_logits.size(-1))[keep] / t, dim=-1)
        student_log_probs = F.log_softmax(s / t, dim=-1)
        return self.kl(student_log_probs, teacher_probs) * t * t


def make_listing_batch(gen, batch_size, seq_len, vocab_size):
    ids = torch.randint(60, vocab_size, (batch_size, seq_len), generator=gen)
    tags = torch.zeros(batch_size, seq_len, dtype=torch.long)
    for b in range(batch_size):
        start = int(torch.randint(1, seq_len - 4, (), generator=gen))
        kind = int(torch.randint(1, len(TAGS), (), generator=gen))
        ids[b, start] = 10 + kind * 5 + int(torch.randint(0, 5, (), generator=gen))
        tags[b, start] = kind
    lengths = torch.randint(seq_len - 6, seq_len + 1, (batch_size,), generator=gen)
    mask = (torch.arange(seq_len)[None] < lengths[:, None]).long()
    tags = tags.masked_fill(mask == 0, -100)
    return ids * mask, mask, tags


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--temperature", type=float, default=2.0)
    parser.add_argument("--alpha_ce", type=float, default=0.5)
    parser.add_argument("--input_smooth", type=float, default=0.1)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(3)
    gen = torch.Generator().manual_seed(3)

    teacher = DistilForTokenClassification(WatchDistilConfig(dim=64, n_layers=3, hidden_dim=128, activation="gelu")).eval()
    student = DistilForTokenClassification(WatchDistilConfig())
    kd_criterion = DistillationLoss(args.temperature)
    optimizer = torch.optim.AdamW(student.parameters(), lr=5e-4)

    for step in range(args.steps):
        input_ids, attention_mask, tags = make_listing_batch(gen, 8, 24, student.config.vocab_size)
        with torch.no_grad():
            teacher_logits = teacher(input_ids=input_ids, attention_mask=attention_mask).logits
        inputs_embeds = student.embeddings.word_embeddings(input_ids)
        out = student(inputs_embeds=inputs_embeds, attention_mask=attention_mask, labels=tags)
        kd = kd_criterion(out.logits, teacher_logits, attention_mask)
        (d_embeds,) = torch.autograd.grad(kd, inputs_embeds, create_graph=True)
        smooth = (d_embeds * attention_mask[..., None]).pow(2).sum(-1).mean()
        loss = kd + args.alpha_ce * out.loss + args.input_smooth * smooth
        if step == 0:
            (chk,) = torch.autograd.grad(smooth, student.classifier.weight, retain_graph=True)
            logger.info("d smooth / d classifier.weight: %.3e", chk.norm().item())
            assert chk.abs().sum() > 0
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        logger.info("step %d kd %.4f ce %.4f smooth %.3e", step, kd.item(), out.loss.item(), smooth.item())


if __name__ == "__main__":
    main()
