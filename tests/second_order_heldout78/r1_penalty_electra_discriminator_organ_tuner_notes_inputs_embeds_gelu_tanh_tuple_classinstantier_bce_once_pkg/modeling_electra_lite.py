"""ElectraLite generator (masked LM) and discriminator (replaced-token detection), vendored layout."""
import math
from dataclasses import dataclass
from typing import Optional

import torch
from torch import nn

from activations import get_activation


@dataclass
class ElectraOutput:
    loss: Optional[torch.Tensor] = None
    logits: torch.Tensor = None


class ElectraEmbeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.word_embeddings = nn.Embedding(config.vocab_size, config.embedding_size, padding_idx=config.pad_token_id)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.embedding_size)
        self.LayerNorm = nn.LayerNorm(config.embedding_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, input_ids=None, inputs_embeds=None):
        if inputs_embeds is None:
            inputs_embeds = self.word_embeddings(input_ids)
        pos = torch.arange(inputs_embeds.size(1)).unsqueeze(0)
        return self.dropout(self.LayerNorm(inputs_embeds + self.position_embeddings(pos)))


class ElectraSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.num_attention_heads = config.num_attention_heads
        self.attention_head_size = config.hidden_size // config.num_attention_heads
        self.query = nn.Linear(config.hidden_size, config.hidden_size)
        self.key = nn.Linear(config.hidden_size, config.hidden_size)
        self.value = nn.Linear(config.hidden_size, config.hidden_size)
        self.dropout = nn.Dropout(config.attention_probs_dropout_prob)

    def transpose_for_scores(self, x):
        return x.view(x.size()[:-1] + (self.num_attention_heads, self.attention_head_size)).permute(0, 2, 1, 3)

    def forward(self, hidden_states, extended_attention_mask):
        q = self.transpose_for_scores(self.query(hidden_states))
        k = self.transpose_for_scores(self.key(hidden_states))
        v = self.transpose_for_scores(self.value(hidden_states))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.attention_head_size)
        scores = scores + extended_attention_mask
        probs = self.dropout(nn.functional.softmax(scores, dim=-1))
        ctx = torch.matmul(probs, v).permute(0, 2, 1, 3).contiguous()
        return ctx.view(ctx.size()[:-2] + (self.num_attention_heads * self.attention_head_size,))


class ElectraLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attention = ElectraSelfAttention(config)
        self.attention_dense = nn.Linear(config.hidden_size, config.hidden_size)
        self.attention_norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.intermediate = nn.Linear(config.hidden_size, config.intermediate_size)
        self.intermediate_act_fn = get_activation(config.hidden_act)
        self.output = nn.Linear(config.intermediate_size, config.hidden_size)
        self.output_norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, hidden_states, extended_attention_mask):
        attn = self.attention_dense(self.attention(hidden_states, extended_attention_mask))
        hidden_states = self.attention_norm(hidden_states + self.dropout(attn))
        inter = self.intermediate_act_fn(self.intermediate(hidden_states))
        return self.output_norm(hidden_states + self.dropout(self.output(inter)))


class ElectraPreTrainedModel(nn.Module):
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

    @staticmethod
    def get_extended_attention_mask(attention_mask, dtype=torch.float32):
        return (1.0 - attention_mask[:, None, None, :].to(dtype)) * torch.finfo(dtype).min


class ElectraModel(ElectraPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.embeddings = ElectraEmbeddings(config)
        if config.embedding_size != config.hidden_size:
            self.embeddings_project = nn.Linear(config.embedding_size, config.hidden_size)
        self.layer = nn.ModuleList([ElectraLayer(config) for _ in range(config.num_hidden_layers)])
        self.post_init()

    def forward(self, input_ids=None, attention_mask=None, inputs_embeds=None):
        hidden_states = self.embeddings(input_ids=input_ids, inputs_embeds=inputs_embeds)
        if hasattr(self, "embeddings_project"):
            hidden_states = self.embeddings_project(hidden_states)
        ext = self.get_extended_attention_mask(attention_mask)
        for layer_module in self.layer:
            hidden_states = layer_module(hidden_states, ext)
        return hidden_states


class ElectraDiscriminatorPredictions(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)
        self.activation = get_activation(config.hidden_act)
        self.dense_prediction = nn.Linear(config.hidden_size, 1)

    def forward(self, discriminator_hidden_states):
        hidden_states = self.activation(self.dense(discriminator_hidden_states))
        return self.dense_prediction(hidden_states).squeeze(-1)


class ElectraForPreTraining(ElectraPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.electra = ElectraModel(config)
        self.discriminator_predictions = ElectraDiscriminatorPredictions(config)
        self.post_init()

    def forward(self, input_ids=None, attention_mask=None, inputs_embeds=None, labels=None):
        hidden = self.electra(input_ids, attention_mask, inputs_embeds)
        logits = self.discriminator_predictions(hidden)
        loss = None
        if labels is not None:
            loss_fct = nn.BCEWithLogitsLoss()
            active = attention_mask.view(-1) == 1
            loss = loss_fct(logits.view(-1)[active], labels.view(-1)[active].float())
        return ElectraOutput(loss=loss, logits=logits)


class ElectraForMaskedLM(ElectraPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.electra = ElectraModel(config)
        self.generator_predictions = nn.Sequential(
            nn.Linear(config.hidden_size, config.embedding_size),
            get_activation("gelu"),
            nn.LayerNorm(config.embedding_size, eps=config.layer_norm_eps),
        )
        self.generator_lm_head = nn.Linear(config.embedding_size, config.vocab_size)
        self.post_init()

    def forward(self, input_ids=None, attention_mask=None, labels=None):
        hidden = self.electra(input_ids, attention_mask)
        logits = self.generator_lm_head(self.generator_predictions(hidden))
        loss = None
        if labels is not None:
            loss = nn.functional.cross_entropy(logits.view(-1, self.config.vocab_size), labels.view(-1), ignore_index=-100)
        return ElectraOutput(loss=loss, logits=logits)
