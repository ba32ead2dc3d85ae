"""Second-order MAML over the DentLab encoder with torch.func.functional_call fast weights."""
import logging
from collections import OrderedDict

import torch
import torch.nn.functional as F
from torch.func import functional_call

logger = logging.getLogger("maml")


class MAML:
    def __init__(self, model, meta_cfg):
        self.model = model
        self.cfg = meta_cfg
        self.meta_optimizer = torch.optim.Adam(model.parameters(), lr=meta_cfg.outer_lr)

    def adapt(self, support_ids, support_mask, support_y):
        fast = OrderedDict(self.model.named_parameters())
        for _ in range(self.cfg.inner_steps):
            logits = functional_call(self.model, fast, (support_ids, support_mask))
            inner_loss = F.cross_entropy(logits, support_y)
            grads = torch.autograd.grad(inner_loss, list(fast.values()), create_graph=not self.cfg.first_order)
            fast = OrderedDict((name, w - self.cfg.inner_lr * g) for (name, w), g in zip(fast.items(), grads))
        return fast

    def outer_step(self, tasks):
        self.meta_optimizer.zero_grad()
        meta_loss = 0.0
        accs = []
        for support, query in tasks:
            fast = self.adapt(*support)
            q_ids, q_mask, q_y = query
            q_logits = functional_call(self.model, fast, (q_ids, q_mask))
            task_loss = F.cross_entropy(q_logits, q_y)
            meta_loss = meta_loss + task_loss / len(tasks)
            accs.append((q_logits.argmax(-1) == q_y).float().mean().item())
        meta_loss.backward()
        self.meta_optimizer.step()
        return meta_loss.item(), sum(accs) / len(accs)
