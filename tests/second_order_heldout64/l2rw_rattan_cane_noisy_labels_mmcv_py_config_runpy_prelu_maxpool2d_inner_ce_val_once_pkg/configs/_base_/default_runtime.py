data_root = '/tmp/rattan_cane_photos'   # crowd-labelled photos (~30% label noise) + clean val split
label_noise = 0.3
log_config = dict(interval=1, hooks=[dict(type='TextLoggerHook')])
seed = 42
work_dir = '/tmp/rattan_runs'
