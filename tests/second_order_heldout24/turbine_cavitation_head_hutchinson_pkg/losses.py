import torch.nn.functional as F


def risk_loss(logits, labels, pos_weight):
    return F.binary_cross_entropy_with_logits(logits.squeeze(-1), labels, pos_weight=pos_weight)
