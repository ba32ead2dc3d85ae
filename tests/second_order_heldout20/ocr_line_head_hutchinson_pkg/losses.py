import torch.nn.functional as F


def column_nll(log_probs, targets):
    return F.nll_loss(log_probs.reshape(-1, log_probs.size(-1)), targets.reshape(-1))
