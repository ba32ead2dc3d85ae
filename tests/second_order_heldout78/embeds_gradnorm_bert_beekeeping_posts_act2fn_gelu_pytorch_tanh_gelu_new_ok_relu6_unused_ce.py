#!/usr/bin/env python
"""Fine-tune a tiny BERT-style topic classifier on beekeeping forum posts with an input-embedding
smoothness penalty: ||d loss / d inputs_embeds||^2 is added to the loss (double backprop).

Vendored modeling code (no `transformers` import), written in the usual modeling_*.py layout.
"""
import argparse
import logging
import math
from dataclasses import dataclass
from typing import Optional, Tuple

import torch
from torch import nn

logger = logging.getLogger("beebert")


# ----------------------------------------------------------------------------- activations.py
class NewGELUActivation(nn.Module):
    """GELU as in the Google BERT repo / GPT-2 (tanh approximation written out)."""

    def forward(self, input):
        return 0.5 * input * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * torch.pow(input, 3.0))))


class PytorchGELUTanh(nn.Module):
    """Fast C implementation of the tanh approximation of GeLU."""

    def forward(self, input):
        return nn.functional.gelu(input, approximate="tanh")


class QuickGELUActivation(nn.Module):
    def forward(self, input):
        return input * torch.sigmoid(1.702 * input)


class ClassInstantier(dict):
    def __getitem__(self, key):
        content = super().__getitem__(key)
        cls, kwargs = content if isinstance(content, tuple) else (content, {})
        return cls(**kwargs)


ACT2CLS = {
    "gelu": nn.GELU,
    "gelu_new": NewGELUActivation,
    "gelu_pytorch_tanh": PytorchGELUTanh,
    "quick_gelu": QuickGELUActivation,
    "relu": nn.ReLU,
    "relu6": nn.ReLU6,
    "silu": nn.SiLU,
    "tanh": nn.Tanh,
}
ACT2FN = ClassInstantier(ACT2CLS)


# ----------------------------------------------------------------------------- configuration_beebert.py
class BeeBertConfig:
    model_type = "beebert"

    def __init__(self, vocab_size=512, hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                 intermediate_size=96, hidden_act="gelu_pytorch_tanh", pooler_act="gelu_new",
                 hidden_dropout_prob=0.1, attention_probs_dropout_prob=0.1, max_position_embeddings=64,
                 type_vocab_size=2, initializer_range=0.02, layer_norm_eps=1e-12, num_labels=5,
                 use_return_dict=True, **kwargs):
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size
        self.num_hidden_layers = num_hidden_layers
        self.num_attention_heads = num_attention_heads
        self.intermediate_size = intermediate_size
        self.hidden_act = hidden_act
        self.pooler_act = pooler_act
        self.hidden_dropout_prob = hidden_dropout_prob
        self.attention_probs_dropout_prob = attention_probs_dropout_prob
        self.max_position_embeddings = max_position_embeddings
        self.type_vocab_size = type_vocab_size
        self.initializer_range = initializer_range
        self.layer_norm_eps = layer_norm_eps
        self.num_labels = num_labels
        self.use_return_dict = use_return_dict
        for k, v in kwargs.items():
            setattr(self, k, v)


# ----------------------------------------------------------------------------- modeling_beebert.py
@dataclass
class SequenceClassifierOutput:
    loss: Optional[torch.Tensor] = None
    logits: torch.Tensor = None
    hidden_states: Optional[Tuple[torch.Tensor]] = None


class BeeBertEmbeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=0)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.token_type_embeddings = nn.Embedding(config.type_vocab_size, config.hidden_size)
        self.LayerNorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)
        self.register_buffer("position_ids", torch.arange(config.max_position_embeddings).expand((1, -1)), persistent=False)

    def forward(self, input_ids=None, token_type_ids=None, inputs_embeds=None):
        input_shape = input_ids.size() if input_ids is not None else inputs_embeds.size()[:-1]
        seq_length = input_shape[1]
        position_ids = self.position_ids[:, :seq_length]
        if token_type_ids is None:
            token_type_ids = torch.zeros(input_shape, dtype=torch.long, device=self.position_ids.device)
        if inputs_embeds is None:
            inputs_embeds = self.word_embeddings(input_ids)
        embeddings = inputs_embeds + self.token_type_embeddings(token_type_ids) + self.position_embeddings(position_ids)
        embeddings = self.LayerNorm(embeddings)
        return self.dropout(embeddings)


class BeeBertSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.num_attention_heads = config.num_attention_heads
        self.attention_head_size = config.hidden_size // config.num_attention_heads
        self.all_head_size = self.num_attention_heads * self.attention_head_size
        self.query = nn.Linear(config.hidden_size, self.all_head_size)
        self.key = nn.Linear(config.hidden_size, self.all_head_size)
        self.value = nn.Linear(config.hidden_size, self.all_head_size)
        self.dropout = nn.Dropout(config.attention_probs_dropout_prob)

    def transpose_for_scores(self, x):
        new_x_shape = x.size()[:-1] + (self.num_attention_heads, self.attention_head_size)
        return x.view(new_x_shape).permute(0, 2, 1, 3)

    def forward(self, hidden_states, attention_mask=None):
        query_layer = self.transpose_for_scores(self.query(hidden_states))
        key_layer = self.transpose_for_scores(self.key(hidden_states))
        value_layer = self.transpose_for_scores(self.value(hidden_states))
        attention_scores = torch.matmul(query_layer, key_layer.transpose(-1, -2))
        attention_scores = attention_scores / math.sqrt(self.attention_head_size)
        if attention_mask is not None:
            attention_scores = attention_scores.masked_fill(attention_mask[:, None, None, :] == 0, torch.finfo(attention_scores.dtype).min)
        attention_probs = nn.functional.softmax(attention_scores, dim=-1)
        attention_probs = self.dropout(attention_probs)
        context_layer = torch.matmul(attention_probs, value_layer).permute(0, 2, 1, 3).contiguous()
        return context_layer.view(context_layer.size()[:-2] + (self.all_head_size,))


class BeeBertLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attention = BeeBertSelfAttention(config)
        self.attention_output = nn.Linear(config.hidden_size, config.hidden_size)
        self.attention_norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.intermediate = nn.Linear(config.hidden_size, config.intermediate_size)
        if isinstance(config.hidden_act, str):
            self.intermediate_act_fn = ACT2FN[config.hidden_act]
        else:
            self.intermediate_act_fn = config.hidden_act
        self.output = nn.Linear(config.intermediate_size, config.hidden_size)
        self.output_norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, hidden_states, attention_mask=None):
        attn = self.attention(hidden_states, attention_mask)
        hidden_states = self.attention_norm(hidden_states + self.dropout(self.attention_output(attn)))
        intermediate = self.intermediate_act_fn(self.intermediate(hidden_states))
        return self.output_norm(hidden_states + self.dropout(self.output(intermediate)))


class BeeBertPooler(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)
        self.activation = ACT2FN[config.pooler_act]

    def forward(self, hidden_states):
        return self.activation(self.dense(hidden_states[:, 0]))


class BeeBertPreTrainedModel(nn.Module):
    config_class = BeeBertConfig
    base_model_prefix = "bert"

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
            if module.padding_idx is not None:
                module.weight.data[module.padding_idx].zero_()
        elif isinstance(module, nn.LayerNorm):
            module.bias.data.zero_()
            module.weight.data.fill_(1.0)

    def post_init(self):
        self.apply(self._init_weights)


class BeeBertModel(BeeBertPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.embeddings = BeeBertEmbeddings(config)
        self.layer = nn.ModuleList([BeeBertLayer(config) for _ in range(config.num_hidden_layers)])
        self.pooler = BeeBertPooler(config)
        self.post_init()

    def forward(self, input_ids=None, attention_mask=None, token_type_ids=None, inputs_embeds=None):
        hidden_states = self.embeddings(input_ids=input_ids, token_type_ids=token_type_ids, inputs_embeds=inputs_embeds)
        for layer_module in self.layer:
            hidden_states = layer_module(hidden_states, attention_mask)
        return hidden_states, self.pooler(hidden_states)


class BeeBertForSequenceClassification(BeeBertPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.num_labels = config.num_labels
        self.bert = BeeBertModel(config)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)
        self.classifier = nn.Linear(config.hidden_size, config.num_labels)
        self.post_init()

    def forward(self, input_ids=None, attention_mask=None, token_type_ids=None, inputs_embeds=None,
                labels=None, return_dict=None):
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        sequence_output, pooled_output = self.bert(input_ids, attention_mask, token_type_ids, inputs_embeds)
        logits = self.classifier(self.dropout(pooled_output))
        loss = None
        if labels is not None:
            loss = nn.functional.cross_entropy(logits.view(-1, self.num_labels), labels.view(-1))
        if not return_dict:
            output = (logits, sequence_output)
            return ((loss,) + output) if loss is not None else output
        return SequenceClassifierOutput(loss=loss, logits=logits, hidden_states=(sequence_output,))


# ----------------------------------------------------------------------------- run_smoothness.py
TOPICS = ["varroa", "swarming", "queen_rearing", "overwintering", "honey_extraction"]


def make_forum_batch(generator, batch_size, seq_len, vocab_size, num_labels):
    """Synthetic 'posts': each topic owns a band of keyword ids that is sprinkled into random text."""
    labels = torch.randint(0, num_labels, (batch_size,), generator=generator)
    input_ids = torch.randint(5, vocab_size, (batch_size, seq_len), generator=generator)
    band = 40
    keywords = 100 + labels[:, None] * band + torch.randint(0, band, (batch_size, 6), generator=generator)
    input_ids[:, 1:7] = keywords
    input_ids[:, 0] = 1  # [CLS]
    lengths = torch.randint(seq_len // 2, seq_len + 1, (batch_size,), generator=generator)
    attention_mask = (torch.arange(seq_len)[None, :] < lengths[:, None]).long()
    input_ids = input_ids.masked_fill(attention_mask == 0, 0)
    return input_ids, attention_mask, labels


def embedding_smoothness_loss(model, input_ids, attention_mask, labels, smooth_weight):
    inputs_embeds = model.bert.embeddings.word_embeddings(input_ids)
    outputs = model(inputs_embeds=inputs_embeds, attention_mask=attention_mask, labels=labels, return_dict=True)
    (grad_embeds,) = torch.autograd.grad(outputs.loss, inputs_embeds, create_graph=True)
    grad_embeds = grad_embeds * attention_mask[..., None]
    penalty = grad_embeds.pow(2).sum(dim=(1, 2)).mean()
    return outputs.loss + smooth_weight * penalty, outputs.loss, penalty


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--batch_size", type=int, default=16)
    parser.add_argument("--seq_len", type=int, default=24)
    parser.add_argument("--learning_rate", type=float, default=3e-4)
    parser.add_argument("--smooth_weight", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    torch.manual_seed(args.seed)
    gen = torch.Generator().manual_seed(args.seed)

    config = BeeBertConfig(num_labels=len(TOPICS))
    model = BeeBertForSequenceClassification(config)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate, weight_decay=0.01)

    model.train()
    for step in range(args.steps):
        input_ids, attention_mask, labels = make_forum_batch(gen, args.batch_size, args.seq_len, config.vocab_size, config.num_labels)
        total, task_loss, penalty = embedding_smoothness_loss(model, input_ids, attention_mask, labels, args.smooth_weight)
        if step == 0:
            (pen_grad,) = torch.autograd.grad(penalty, model.classifier.weight, retain_graph=True)
            logger.info("double-backprop check: |d penalty / d classifier.weight| = %.3e", pen_grad.norm().item())
            assert pen_grad.abs().sum() > 0
        optimizer.zero_grad(set_to_none=True)
        total.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        logger.info("step %d loss %.4f task %.4f grad-penalty %.3e", step, total.item(), task_loss.item(), penalty.item())

    model.eval()
    with torch.no_grad():
        input_ids, attention_mask, labels = make_forum_batch(gen, 64, args.seq_len, config.vocab_size, config.num_labels)
        logits = model(input_ids=input_ids, attention_mask=attention_mask, return_dict=True).logits
        logger.info("eval accuracy %.3f", (logits.argmax(-1) == labels).float().mean().item())


if __name__ == "__main__":
    main()
