"""PyTorch ChocoElectra model: ELECTRA-style encoder + XLNet/GPT-style SequenceSummary head."""
import math
from dataclasses import dataclass
from typing import Optional

import torch
from torch import nn
from torch.nn import BCEWithLogitsLoss, CrossEntropyLoss, MSELoss

from configuration_choco import ChocoElectraConfig


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
    "prelu": nn.PReLU,
    "relu": nn.ReLU,
    "tanh": nn.Tanh,
    "linear": nn.Identity,
}
ACT2FN = ClassInstantier(ACT2CLS)


def get_activation(activation_string):
    return ACT2FN[activation_string]


@dataclass
class SequenceClassifierOutput:
    loss: Optional[torch.Tensor] = None
    logits: torch.Tensor = None
    hidden_states: Optional[torch.Tensor] = None


class ChocoElectraEmbeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.word_embeddings = nn.Embedding(config.vocab_size, config.embedding_size, padding_idx=0)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.embedding_size)
        self.LayerNorm = nn.LayerNorm(config.embedding_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, input_ids):
        pos = torch.arange(input_ids.size(1), device=input_ids.device).unsqueeze(0)
        return self.dropout(self.LayerNorm(self.word_embeddings(input_ids) + self.position_embeddings(pos)))


class ChocoElectraLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.n_heads = config.num_attention_heads
        self.head_dim = config.hidden_size // config.num_attention_heads
        self.query = nn.Linear(config.hidden_size, config.hidden_size)
        self.key = nn.Linear(config.hidden_size, config.hidden_size)
        self.value = nn.Linear(config.hidden_size, config.hidden_size)
        self.attention_output = nn.Linear(config.hidden_size, config.hidden_size)
        self.attention_norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.intermediate = nn.Linear(config.hidden_size, config.intermediate_size)
        self.intermediate_act_fn = ACT2FN[config.hidden_act]
        self.output = nn.Linear(config.intermediate_size, config.hidden_size)
        self.output_norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, hidden_states, extended_attention_mask):
        b, t, d = hidden_states.shape
        split = lambda x: x.view(b, t, self.n_heads, self.head_dim).transpose(1, 2)
        q, k, v = split(self.query(hidden_states)), split(self.key(hidden_states)), split(self.value(hidden_states))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head_dim) + extended_attention_mask
        probs = self.dropout(nn.functional.softmax(scores, dim=-1))
        ctx = torch.matmul(probs, v).transpose(1, 2).reshape(b, t, d)
        hidden_states = self.attention_norm(hidden_states + self.dropout(self.attention_output(ctx)))
        ffn = self.output(self.intermediate_act_fn(self.intermediate(hidden_states)))
        return self.output_norm(hidden_states + self.dropout(ffn))


class SequenceSummary(nn.Module):
    """Compute a single vector summary of a sequence hidden states (summary_type / summary_use_proj / summary_activation)."""

    def __init__(self, config):
        super().__init__()
        self.summary_type = getattr(config, "summary_type", "last")
        self.summary = nn.Identity()
        if getattr(config, "summary_use_proj", False):
            self.summary = nn.Linear(config.hidden_size, config.hidden_size)
        activation_string = getattr(config, "summary_activation", None)
        self.activation = get_activation(activation_string) if activation_string else nn.Identity()
        self.last_dropout = nn.Identity()
        if getattr(config, "summary_last_dropout", 0.0) > 0:
            self.last_dropout = nn.Dropout(config.summary_last_dropout)

    def forward(self, hidden_states):
        if self.summary_type == "last":
            output = hidden_states[:, -1]
        elif self.summary_type == "first":
            output = hidden_states[:, 0]
        elif self.summary_type == "mean":
            output = hidden_states.mean(dim=1)
        else:
            raise NotImplementedError(self.summary_type)
        output = self.summary(output)
        output = self.activation(output)
        return self.last_dropout(output)


class ChocoElectraPreTrainedModel(nn.Module):
    config_class = ChocoElectraConfig
    base_model_prefix = "electra"

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


class ChocoElectraModel(ChocoElectraPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.embeddings = ChocoElectraEmbeddings(config)
        self.embeddings_project = nn.Linear(config.embedding_size, config.hidden_size)
        self.layer = nn.ModuleList([ChocoElectraLayer(config) for _ in range(config.num_hidden_layers)])
        self.post_init()

    def forward(self, input_ids, attention_mask):
        extended = (1.0 - attention_mask[:, None, None, :].float()) * torch.finfo(torch.float32).min
        hidden_states = self.embeddings_project(self.embeddings(input_ids))
        for layer_module in self.layer:
            hidden_states = layer_module(hidden_states, extended)
        return hidden_states


class ChocoElectraForSequenceClassification(ChocoElectraPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.num_labels = config.num_labels
        self.electra = ChocoElectraModel(config)
        self.sequence_summary = SequenceSummary(config)
        self.logits_proj = nn.Linear(config.hidden_size, config.num_labels)
        self.post_init()

    def head_parameters(self):
        return list(self.sequence_summary.parameters()) + list(self.logits_proj.parameters())

    def classify(self, hidden_states, labels=None):
        logits = self.logits_proj(self.sequence_summary(hidden_states))
        loss = None
        if labels is not None:
            if self.config.problem_type == "regression":
                loss_fct = MSELoss()
                loss = loss_fct(logits.squeeze(), labels.squeeze())
            elif self.config.problem_type == "single_label_classification":
                loss_fct = CrossEntropyLoss()
                loss = loss_fct(logits.view(-1, self.num_labels), labels.view(-1))
            elif self.config.problem_type == "multi_label_classification":
                loss_fct = BCEWithLogitsLoss()
                loss = loss_fct(logits, labels)
        return loss, logits

    def forward(self, input_ids=None, attention_mask=None, labels=None, return_dict=None):
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        hidden_states = self.electra(input_ids, attention_mask)
        loss, logits = self.classify(hidden_states, labels)
        if not return_dict:
            output = (logits, hidden_states)
            return ((loss,) + output) if loss is not None else output
        return SequenceClassifierOutput(loss=loss, logits=logits, hidden_states=hidden_states)
