"""Task losses as plain callable classes, and a functional MAML learner."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class TaskLoss:
    name = "base"

    def __call__(self, logits, target):
        return self.compute(logits, target)

    def compute(self, logits, target):
        raise NotImplementedError


class CrossEntropyTask(TaskLoss):
    name = "ce"

    def compute(self, logits, target):
        return F.cross_entropy(logits, target)


class FocalTask(TaskLoss):
    name = "focal"

    def __init__(self, gamma=2.0):
        self.gamma = gamma

    def compute(self, logits, target):
        logp = F.log_softmax(logits, dim=1).gather(1, target[:, None]).squeeze(1)
        return (-((1 - logp.exp()) ** self.gamma) * logp).mean()


class SoftTargetTask(TaskLoss):
    name = "soft"

    def compute(self, logits, target):
        soft = F.one_hot(target, logits.size(1)).float() * 0.9 + 0.1 / logits.size(1)
        return F.kl_div(F.log_softmax(logits, 1), soft, reduction="batchmean")


TASK_LOSSES = {cls.name: cls for cls in (CrossEntropyTask, FocalTask, SoftTargetTask)}


class MAML:
    def __init__(self, model, task_loss, inner_lr, inner_steps, first_order, query_smoothing):
        self.model = model
        self.task_loss = task_loss
        self.inner_lr = inner_lr
        self.inner_steps = inner_steps
        self.first_order = first_order
        self.query_criterion = nn.CrossEntropyLoss(label_smoothing=query_smoothing)

    def adapt(self, params, x, y, create_graph):
        for _ in range(self.inner_steps):
            loss = self.task_loss(functional_call(self.model, params, (x,)), y)
            grads = torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)
            params = {n: p - self.inner_lr * g for (n, p), g in zip(params.items(), grads)}
        return params

    def outer_loss(self, task):
        xs, ys, xq, yq = task
        fast = self.adapt(dict(self.model.named_parameters()), xs, ys, create_graph=not self.first_order)
        logits = functional_call(self.model, fast, (xq,))
        return self.query_criterion(logits, yq), (logits.argmax(1) == yq).float().mean()

    def evaluate(self, task):
        xs, ys, xq, yq = task
        fast = self.adapt(dict(self.model.named_parameters()), xs, ys, create_graph=False)
        with torch.no_grad():
            return (functional_call(self.model, fast, (xq,)).argmax(1) == yq).float().mean().item()
