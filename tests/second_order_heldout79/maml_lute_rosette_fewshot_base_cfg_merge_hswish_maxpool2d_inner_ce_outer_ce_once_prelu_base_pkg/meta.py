"""MAML meta-learner: inner loop on the support set with functional_call."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

from backbones import BACKBONES, HEADS


class MAML(nn.Module):
    def __init__(self, backbone, head, num_inner_steps=1, inner_lr=0.1, first_order=False, feat_hw=2):
        super().__init__()
        self.backbone = BACKBONES.build(backbone)
        self.head = HEADS.build(head, in_channels=self.backbone.out_channels * feat_hw * feat_hw)
        self.num_inner_steps, self.inner_lr, self.first_order = num_inner_steps, inner_lr, first_order

    def forward(self, x):
        return self.head(self.backbone(x))

    def inner_loss(self, params, x, y):
        logits = functional_call(self, params, (x,))
        return F.cross_entropy(logits, y)

    def adapt(self, support_x, support_y):
        fast = dict(self.named_parameters())
        for _ in range(self.num_inner_steps):
            loss = self.inner_loss(fast, support_x, support_y)
            grads = torch.autograd.grad(loss, tuple(fast.values()), create_graph=not self.first_order)
            fast = {name: w - self.inner_lr * g for (name, w), g in zip(fast.items(), grads)}
        return fast

    def forward_train(self, support_x, support_y, query_x, query_y):
        fast = self.adapt(support_x, support_y)
        query_logits = functional_call(self, fast, (query_x,))
        loss = F.cross_entropy(query_logits, query_y, label_smoothing=0.1)
        acc = (query_logits.argmax(-1) == query_y).float().mean()
        return dict(loss=loss, acc=acc)


def build_meta_learner(cfg):
    cfg = dict(cfg)
    assert cfg.pop("type") == "MAML"
    return MAML(**cfg)
