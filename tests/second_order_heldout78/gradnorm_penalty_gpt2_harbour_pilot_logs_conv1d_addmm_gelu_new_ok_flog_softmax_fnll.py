#!/usr/bin/env python
"""Train a tiny GPT-2-style causal LM on harbour-pilot boarding logs with a gradient-norm penalty
(loss + rho * ||grad_theta loss||, the first-order-Taylor view of SAM, built with create_graph=True).

Vendored modeling_gpt2_lite.py / configuration_gpt2_lite.py (no `transformers` import).
"""
import argparse
import logging
import math
from dataclasses import dataclass
from typing import Optional

import torch
from torch import nn

logger = logging.getLogger("gpt2_lite")


class NewGELUActivation(nn.Module):
    def forward(self, input):
        return 0.5 * input * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * torch.pow(input, 3.0))))


ACT2FN = {
    "gelu_new": NewGELUActivation(),
    "gelu": nn.GELU(),
    "relu": nn.ReLU(),
    "silu": nn.SiLU(),
    "quick_gelu": lambda x: x * torch.sigmoid(1.702 * x),
}


class GPT2LiteConfig:
    model_type = "gpt2_lite"

    def __init__(self, vocab_size=300, n_positions=64, n_embd=48, n_layer=2, n_head=4, n_inner=None,
                 activation_function="gelu_new", resid_pdrop=0.1, embd_pdrop=0.1, attn_pdrop=0.1,
                 layer_norm_epsilon=1e-5, initializer_range=0.02, bos_token_id=1, eos_token_id=2, **kwargs):
        self.vocab_size = vocab_size
        self.n_positions = n_positions
        self.n_embd = n_embd
        self.n_layer = n_layer
        self.n_head = n_head
        self.n_inner = n_inner
        self.activation_function = activation_function
        self.resid_pdrop = resid_pdrop
        self.embd_pdrop = embd_pdrop
        self.attn_pdrop = attn_pdrop
        self.layer_norm_epsilon = layer_norm_epsilon
        self.initializer_range = initializer_range
        self.bos_token_id = bos_token_id
        self.eos_token_id = eos_token_id
        self.__dict__.update(kwargs)


class Conv1D(nn.Module):
    """1D-convolutional layer as defined by Radford et al. for OpenAI GPT (a linear layer with transposed weights)."""

    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        self.weight = nn.Parameter(torch.empty(nx, nf))
        self.bias = nn.Parameter(torch.zeros(nf))
        nn.init.normal_(self.weight, std=0.02)

    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        return x.view(size_out)


class GPT2Attention(nn.Module):
    def __init__(self, config):
        super().__init__()
        max_positions = config.n_positions
        self.register_buffer("bias", torch.tril(torch.ones((max_positions, max_positions), dtype=torch.bool)).view(1, 1, max_positions, max_positions), persistent=False)
        self.embed_dim = config.n_embd
        self.num_heads = config.n_head
        self.head_dim = self.embed_dim // self.num_heads
        self.c_attn = Conv1D(3 * self.embed_dim, self.embed_dim)
        self.c_proj = Conv1D(self.embed_dim, self.embed_dim)
        self.attn_dropout = nn.Dropout(config.attn_pdrop)
        self.resid_dropout = nn.Dropout(config.resid_pdrop)

    def _split_heads(self, tensor):
        return tensor.view(tensor.size()[:-1] + (self.num_heads, self.head_dim)).permute(0, 2, 1, 3)

    def _merge_heads(self, tensor):
        tensor = tensor.permute(0, 2, 1, 3).contiguous()
        return tensor.view(tensor.size()[:-2] + (self.num_heads * self.head_dim,))

    def _attn(self, query, key, value, attention_mask=None):
        attn_weights = torch.matmul(query, key.transpose(-1, -2)) / math.sqrt(value.size(-1))
        query_length, key_length = query.size(-2), key.size(-2)
        causal_mask = self.bias[:, :, key_length - query_length: key_length, :key_length]
        mask_value = torch.full([], torch.finfo(attn_weights.dtype).min, dtype=attn_weights.dtype)
        attn_weights = torch.where(causal_mask, attn_weights, mask_value)
        if attention_mask is not None:
            attn_weights = attn_weights + attention_mask
        attn_weights = nn.functional.softmax(attn_weights, dim=-1)
        attn_weights = self.attn_dropout(attn_weights)
        return torch.matmul(attn_weights, value)

    def forward(self, hidden_states, attention_mask=None):
        query, key, value = self.c_attn(hidden_states).split(self.embed_dim, dim=2)
        attn_output = self._attn(self._split_heads(query), self._split_heads(key), self._split_heads(value), attention_mask)
        return self.resid_dropout(self.c_proj(self._merge_heads(attn_output)))


class GPT2MLP(nn.Module):
    def __init__(self, intermediate_size, config):
        super().__init__()
        self.c_fc = Conv1D(intermediate_size, config.n_embd)
        self.c_proj = Conv1D(config.n_embd, intermediate_size)
        self.act = ACT2FN[config.activation_function]
        self.dropout = nn.Dropout(config.resid_pdrop)

    def forward(self, hidden_states):
        return self.dropout(self.c_proj(self.act(self.c_fc(hidden_states))))


class GPT2Block(nn.Module):
    def __init__(self, config):
        super().__init__()
        inner_dim = config.n_inner if config.n_inner is not None else 4 * config.n_embd
        self.ln_1 = nn.LayerNorm(config.n_embd, eps=config.layer_norm_epsilon)
        self.attn = GPT2Attention(config)
        self.ln_2 = nn.LayerNorm(config.n_embd, eps=config.layer_norm_epsilon)
        self.mlp = GPT2MLP(inner_dim, config)

    def forward(self, hidden_states, attention_mask=None):
        hidden_states = hidden_states + self.attn(self.ln_1(hidden_states), attention_mask)
        return hidden_states + self.mlp(self.ln_2(hidden_states))


@dataclass
class CausalLMOutput:
    loss: Optional[torch.Tensor] = None
    logits: torch.Tensor = None


class GPT2LitePreTrainedModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config

    def _init_weights(self, module):
        if isinstance(module, (nn.Linear, Conv1D)):
            module.weight.data.normal_(mean=0.0, std=self.config.initializer_range)
            if module.bias is not None:
                module.bias.data.zero_()
        elif isinstance(module, nn.Embedding):
            module.weight.data.normal_(mean=0.0, std=self.config.initializer_range)
        elif isinstance(module, nn.LayerNorm):
            module.bias.data.zero_()
            module.weight.data.fill_(1.0)
        for name, p in module.named_parameters(recurse=False):
            if name == "weight" and isinstance(module, Conv1D) and module.nf == self.config.n_embd:
                p.data.normal_(mean=0.0, std=self.config.initializer_range / math.sqrt(2 * self.config.n_layer))

    def post_init(self):
        self.apply(self._init_weights)


class GPT2LiteLMHeadModel(GPT2LitePreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.wpe = nn.Embedding(config.n_positions, config.n_embd)
        self.drop = nn.Dropout(config.embd_pdrop)
        self.h = nn.ModuleList([GPT2Block(config) for _ in range(config.n_layer)])
        self.ln_f = nn.LayerNorm(config.n_embd, eps=config.layer_norm_epsilon)
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)
        self.post_init()
        self.lm_head.weight = self.wte.weight  # tie_weights()

    def forward(self, input_ids, attention_mask=None, labels=None):
        position_ids = torch.arange(input_ids.size(1), dtype=torch.long).unsqueeze(0)
        hidden_states = self.drop(self.wte(input_ids) + self.wpe(position_ids))
        if attention_mask is not None:
            attention_mask = (1.0 - attention_mask[:, None, None, :].to(hidden_states.dtype)) * torch.finfo(hidden_states.dtype).min
        for block in self.h:
            hidden_states = block(hidden_states, attention_mask)
        logits = self.lm_head(self.ln_f(hidden_states))
        loss = None
        if labels is not None:
            shift_logits = logits[..., :-1, :].contiguous()
            shift_labels = labels[..., 1:].contiguous()
            lprobs = nn.functional.log_softmax(shift_logits, dim=-1)
            loss = nn.functional.nll_loss(lprobs.view(-1, lprobs.size(-1)), shift_labels.view(-1), ignore_index=-100)
        return CausalLMOutput(loss=loss, logits=logits)


# ----------------------------------------------------------------------------- train_gradnorm.py
PHRASES = [
    [10, 11, 12, 13], [20, 21, 22], [30, 31, 32, 33, 34], [40, 41], [50, 51, 52],
]


def make_log_batch(generator, batch_size, seq_len, vocab_size):
    """Synthetic boarding-log lines: a bos, then stock phrases ('pilot aboard', 'tug made fast', ...) and noise."""
    ids = torch.full((batch_size, seq_len), 2, dtype=torch.long)
    for b in range(batch_size):
        pos, row = 1, [1]
        while len(row) < seq_len:
            if torch.rand((), generator=generator) < 0.7:
                row.extend(PHRASES[int(torch.randint(0, len(PHRASES), (), generator=generator))])
            else:
                row.append(int(torch.randint(60, vocab_size, (), generator=generator)))
        ids[b] = torch.tensor(row[:seq_len])
    attention_mask = torch.ones_like(ids)
    labels = ids.clone()
    return ids, attention_mask, labels


def gradient_norm_penalised_loss(model, batch, rho):
    input_ids, attention_mask, labels = batch
    loss = model(input_ids, attention_mask=attention_mask, labels=labels).loss
    params = [p for p in model.parameters() if p.requires_grad]
    grads = torch.autograd.grad(loss, params, create_graph=True)
    grad_norm = torch.sqrt(sum(g.pow(2).sum() for g in grads) + 1e-12)
    return loss + rho * grad_norm, loss, grad_norm


@torch.no_grad()
def evaluate(model, batch):
    model.eval()
    input_ids, attention_mask, labels = batch
    logits = model(input_ids, attention_mask=attention_mask).logits
    nll = nn.functional.cross_entropy(logits[:, :-1].reshape(-1, logits.size(-1)), labels[:, 1:].reshape(-1))
    model.train()
    return math.exp(nll.item())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--rho", type=float, default=0.05)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--seq_len", type=int, default=20)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    config = GPT2LiteConfig()
    model = GPT2LiteLMHeadModel(config)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    eval_batch = make_log_batch(gen, 16, args.seq_len, config.vocab_size)
    logger.info("initial ppl %.1f", evaluate(model, eval_batch))
    for step in range(args.steps):
        batch = make_log_batch(gen, 8, args.seq_len, config.vocab_size)
        total, loss, grad_norm = gradient_norm_penalised_loss(model, batch, args.rho)
        optimizer.zero_grad(set_to_none=True)
        total.backward()
        if step == 0:
            # the penalty's gradient needs Hessian-vector products: make sure it reached the weights
            assert model.h[0].mlp.c_fc.weight.grad is not None and model.h[0].mlp.c_fc.weight.grad.abs().sum() > 0
        optimizer.step()
        logger.info("step %d lm %.4f |g| %.4f", step, loss.item(), grad_norm.item())
    logger.info("final ppl %.1f", evaluate(model, eval_batch))


if __name__ == "__main__":
    main()
