import torch.nn.functional as F


def fault_nll(logits, target, reduction="sum"):
    return F.cross_entropy(logits, target, reduction=reduction)


def monitor_accuracy(logits, target):
    return (logits.argmax(-1) == target).float().mean()
