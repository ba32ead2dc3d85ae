#!/usr/bin/env python
"""SMART-style smoothness-inducing adversarial regularisation (Jiang et al., 2020) for a tiny BERT-style
intent classifier of aquarium-hobbyist questions, with the *exact* ascent step: the perturbation's
gradient is taken with create_graph=True, so the regulariser is differentiated through the ascent step.
"""
import argparse
import logging
import math
from dataclasses import dataclass
from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn

logger = logging.getLogger("reefbert")

INTENTS = ["water_chemistry", "fish_disease", "plant_care", "equipment", "stocking", "breeding"]


class GELUActivation(nn.Module):
    def __init__(self, use_gelu_python: bool = False):
        super().__init__()
        self.act = self._gelu_python if use_gelu_python else nn.functional.gelu

    def _gelu_python(self, input):
        return input * 0.5 * (1.0 + torch.erf(input / math.sqrt(2.0)))

    def forward(self, input):
        return self.act(input)


class PytorchGELUTanh(nn.Module):
    def forward(self, input):
        return nn.functional.gelu(input, approximate="tanh")


ACT2FN = {
    "gelu": GELUActivation(),
    "gelu_python": GELUActivation(use_gelu_python=True),
    "gelu_pytorch_tanh": PytorchGELUTanh(),
    "relu": nn.ReLU(),
    "tanh": nn.Tanh(),
}


@dataclass
class ReefBertConfig:
    vocab_size: int = 360
    hidden_size: int = 32
    num_hidden_layers: int = 2
    num_attention_heads: int = 4
    intermediate_size: int = 64
    hidden_act: str = "gelu"
    hidden_dropout_prob: float = 0.1
    attention_probs_dropout_prob: float = 0.0
    max_position_embeddings: int = 40
    layer_norm_eps: float = 1e-12
    initializer_range: float = 0.02
    num_labels: int = len(INTENTS)


@dataclass
class SmartConfig:
    adv_alpha: float = 1.0
    noise_var: float = 1e-5
    step_size: float = 1e-3
    epsilon: float = 1e-6
    exact_step: bool = True


@dataclass
class SequenceClassifierOutput:
    loss: Optional[torch.Tensor] = None
    logits: torch.Tensor = None


class ReefBertEmbeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=0)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.LayerNorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, input_ids=None, inputs_embeds=None):
        if inputs_embeds is None:
            inputs_embeds = self.word_embeddings(input_ids)
        pos = torch.arange(inputs_embeds.size(1)).unsqueeze(0)
        return self.dropout(self.LayerNorm(inputs_embeds + self.position_embeddings(pos)))


class ReefBertLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.num_heads = config.num_attention_heads
        self.head_size = config.hidden_size // config.num_attention_heads
        self.query = nn.Linear(config.hidden_size, config.hidden_size)
        self.key = nn.Linear(config.hidden_size, config.hidden_size)
        self.value = nn.Linear(config.hidden_size, config.hidden_size)
        self.attn_out = nn.Linear(config.hidden_size, config.hidden_size)
        self.attn_norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.intermediate = nn.Linear(config.hidden_size, config.intermediate_size)
        self.intermediate_act_fn = ACT2FN[config.hidden_act]
        self.output = nn.Linear(config.intermediate_size, config.hidden_size)
        self.out_norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)
        self.attn_dropout = nn.Dropout(config.attention_probs_dropout_prob)

    def forward(self, hidden_states, attention_mask):
        b, t, d = hidden_states.shape

        def heads(x):
            return x.view(b, t, self.num_heads, self.head_size).transpose(1, 2)

        q, k, v = heads(self.query(hidden_states)), heads(self.key(hidden_states)), heads(self.value(hidden_states))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head_size)
        scores = scores.masked_fill(~attention_mask.bool()[:, None, None, :], float("-inf"))
        probs = self.attn_dropout(nn.functional.softmax(scores, dim=-1))
        ctx = torch.matmul(probs, v).transpose(1, 2).reshape(b, t, d)
        hidden_states = self.attn_norm(hidden_states + self.dropout(self.attn_out(ctx)))
        return self.out_norm(hidden_states + self.dropout(self.output(self.intermediate_act_fn(self.intermediate(hidden_states)))))


class ReefBertPreTrainedModel(nn.Module):
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


class ReefBertForSequenceClassification(ReefBertPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.embeddings = ReefBertEmbeddings(config)
        self.encoder = nn.ModuleList([ReefBertLayer(config) for _ in range(config.num_hidden_layers)])
        self.pooler = nn.Linear(config.hidden_size, config.hidden_size)
        self.classifier = nn.Linear(config.hidden_size, config.num_labels)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)
        self.post_init()

    def forward(self, input_ids=None, attention_mask=None, inputs_embeds=None, labels=None, return_dict=True):
        h = self.embeddings(input_ids=input_ids, inputs_embeds=inputs_embeds)
        for layer_module in self.encoder:
            h = layer_module(h, attention_mask)
        logits = self.classifier(self.dropout(torch.tanh(self.pooler(h[:, 0]))))
        loss = F.cross_entropy(logits, labels) if labels is not None else None
        if not return_dict:
            return (loss, logits) if loss is not None else (logits,)
        return SequenceClassifierOutput(loss=loss, logits=logits)


def symmetric_kl(input_logits, target_logits):
    loss = F.kl_div(
        F.log_softmax(input_logits, dim=-1),
        F.softmax(target_logits.detach(), dim=-1),
        reduction="batchmean",
    )
    loss = loss + F.kl_div(
        F.log_softmax(target_logits, dim=-1),
        F.softmax(input_logits.detach(), dim=-1),
        reduction="batchmean",
    )
    return loss


class SmartRegularizer:
    def __init__(self, cfg: SmartConfig):
        self.cfg = cfg

    def __call__(self, model, embeds, attention_mask, logits):
        cfg = self.cfg
        noise = (torch.randn_like(embeds) * math.sqrt(cfg.noise_var)).requires_grad_()
        adv_logits = model(inputs_embeds=embeds + noise, attention_mask=attention_mask).logits
        adv_loss = symmetric_kl(adv_logits, logits)
        (delta_grad,) = torch.autograd.grad(adv_loss, noise, create_graph=cfg.exact_step)
        norm = delta_grad.norm(dim=-1, keepdim=True)
        noise = noise + cfg.step_size * delta_grad / (norm + cfg.epsilon)
        if not cfg.exact_step:
            noise = noise.detach()
        adv_logits = model(inputs_embeds=embeds + noise, attention_mask=attention_mask).logits
        return symmetric_kl(adv_logits, logits)


def make_questions(gen, n, seq_len, vocab):
    y = torch.randint(0, len(INTENTS), (n,), generator=gen)
    ids = torch.randint(50, vocab, (n, seq_len), generator=gen)
    ids[:, 0] = 1
    ids[:, 1:4] = 5 + 7 * y[:, None] + torch.randint(0, 7, (n, 3), generator=gen)
    lengths = torch.randint(seq_len // 2, seq_len + 1, (n,), generator=gen)
    mask = (torch.arange(seq_len)[None] < lengths[:, None]).long()
    return ids * mask, mask, y


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--lr", type=float, default=5e-4)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s | %(message)s")
    torch.manual_seed(21)
    gen = torch.Generator().manual_seed(21)
    config, smart_cfg = ReefBertConfig(), SmartConfig()
    model = ReefBertForSequenceClassification(config)
    smart = SmartRegularizer(smart_cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    for step in range(args.steps):
        ids, mask, y = make_questions(gen, 12, 20, config.vocab_size)
        embeds = model.embeddings.word_embeddings(ids)
        out = model(inputs_embeds=embeds, attention_mask=mask, labels=y)
        adv = smart(model, embeds, mask, out.logits)
        loss = out.loss + smart_cfg.adv_alpha * adv
        if step == 0:
            (chk,) = torch.autograd.grad(adv, model.classifier.weight, retain_graph=True)
            assert chk.abs().sum() > 0
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        logger.info("step %d ce %.4f adv %.3e", step, out.loss.item(), adv.item())


if __name__ == "__main__":
    main()
