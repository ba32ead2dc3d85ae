import torch.nn.functional as F


def soft_label_loss(net, audio, soft_targets):
    log_p = F.log_softmax(net(audio), dim=-1)
    return F.kl_div(log_p, soft_targets, reduction="batchmean")
